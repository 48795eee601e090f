"""An animated GIF written a frame at a time, in bounded memory (issue 44: a 500-move
replay held every frame, 3.3 GB and more).

Pillow's multi-frame GIF writer keeps every frame until it closes, and imageio's
streaming GIF-PIL writer stores each frame whole (files five times bigger). Here each
frame is cut to the rectangle that changed since the one before, its unchanged pixels
made transparent (255 colours and a see-through index), saved by Pillow as a one-frame
GIF (its own palette), and that GIF's image block is copied into the animation with its
place, a delay and "keep what is under it" (disposal 1). Only the previous picture is
held. (A 40-move replay: 0.24 MB, where Pillow's writer made 1.24 MB.)
"""

from __future__ import annotations

import io
import struct
from typing import BinaryIO

import numpy as np

#: NETSCAPE2.0 application block: loop for ever (a count of 0).
_LOOP_FOR_EVER = b"\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00"


class GifStream:
    """Frames appended to ``out`` (a seekable binary file) as they come, each shown
    ``delay_ms`` (in the GIF's hundredths of a second); :meth:`close` ends the file."""

    def __init__(self, out: BinaryIO, delay_ms: int) -> None:
        self.out = out
        self.delay = max(0, round(delay_ms / 10))
        self.previous: np.ndarray | None = None
        self.last_delay_at = -1  # where the last frame's delay is, to lengthen it
        self.last_delay = 0
        self.frames = 0

    def add(self, image: np.ndarray) -> None:
        image = np.ascontiguousarray(image[..., :3], dtype=np.uint8)
        height, width = image.shape[:2]
        if self.previous is None:
            self.out.write(b"GIF89a" + struct.pack("<HHBBB", width, height, 0x70, 0, 0))
            self.out.write(_LOOP_FOR_EVER)
            box = (0, 0, width, height)
        else:
            changed = np.any(image != self.previous, axis=2)
            rows, cols = np.flatnonzero(changed.any(axis=1)), np.flatnonzero(changed.any(axis=0))
            if rows.size == 0:  # the same picture: the last frame is shown longer
                self._lengthen()
                return
            box = (int(cols[0]), int(rows[0]), int(cols[-1]) + 1, int(rows[-1]) + 1)
        left, top, right, bottom = box
        crop = image[top:bottom, left:right]
        same = None
        if self.previous is not None:  # unchanged pixels inside the rectangle: see-through
            same = ~changed[top:bottom, left:right]
        table, bits, interlaced, data, clear = _one_frame(crop, same)
        self.last_delay_at = self.out.tell() + 4
        self.last_delay = self.delay
        packed = 1 << 2  # disposal 1: keep the frame, the next one is drawn over it
        if clear is not None:
            packed |= 1
        gce = struct.pack("<BHBB", packed, self.delay, clear or 0, 0)
        self.out.write(b"\x21\xf9\x04" + gce)
        flags = 0x80 | interlaced | bits  # a local colour table of 2 ** (bits + 1)
        self.out.write(
            b"\x2c" + struct.pack("<HHHHB", left, top, right - left, bottom - top, flags)
        )
        self.out.write(table + data)
        self.previous = image
        self.frames += 1

    def _lengthen(self) -> None:
        here = self.out.tell()
        self.last_delay = min(self.last_delay + self.delay, 0xFFFF)
        self.out.seek(self.last_delay_at)
        self.out.write(struct.pack("<H", self.last_delay))
        self.out.seek(here)

    def close(self) -> None:
        self.out.write(b";")


def _one_frame(
    image: np.ndarray, same: np.ndarray | None = None
) -> tuple[bytes, int, int, bytes, int | None]:
    """``image`` as Pillow saves it in a GIF of one frame: its colour table (padded to a
    power of two), the table's size bits, the interlace flag, its image data (the LZW code
    size and the data sub-blocks) and its transparent index: the pixels where ``same``
    is set are transparent (in 255 colours, one index left for them), else None."""
    from PIL import Image

    picture = Image.fromarray(image)
    options = {}
    if same is not None and same.any():
        picture = picture.quantize(255)
        indices = np.asarray(picture).copy()
        indices[same] = 255
        quantized = Image.fromarray(indices, "P")
        palette = picture.getpalette() or []
        quantized.putpalette(palette[: 255 * 3] + [0, 0, 0] * (256 - len(palette[: 255 * 3]) // 3))
        picture, options = quantized, {"transparency": 255}
    buffer = io.BytesIO()
    picture.save(buffer, "GIF", **options)
    blob = buffer.getvalue()
    if blob[:6] not in (b"GIF87a", b"GIF89a") or not blob.endswith(b";"):
        raise ValueError("Pillow wrote no GIF")
    flags = blob[10]
    at = 13
    table, bits = b"", 0
    if flags & 0x80:  # a global colour table: the frame's own in the animation
        bits = flags & 7
        size = 3 * 2 ** (bits + 1)
        table, at = blob[at : at + size], at + size
    clear = None
    while blob[at] == 0x21:  # extensions (a comment, a graphic control): left out
        if blob[at + 1] == 0xF9 and blob[at + 3] & 1:  # but its transparent index
            clear = blob[at + 6]
        at += 2
        while blob[at]:
            at += blob[at] + 1
        at += 1
    if blob[at] != 0x2C:
        raise ValueError("no image in the GIF Pillow wrote")
    image_flags = blob[at + 9]
    at += 10
    if image_flags & 0x80:  # a local table of its own: that one
        bits = image_flags & 7
        size = 3 * 2 ** (bits + 1)
        table, at = blob[at : at + size], at + size
    if not table:
        raise ValueError("no colour table in the GIF Pillow wrote")
    return table, bits, image_flags & 0x40, blob[at:-1], clear
