"""How the board's colours look to a person with a colour-vision deficiency, and how far
apart two colours look (issue 107 item 5): the simulation of Machado, Oliveira and
Fernandes (2009) at severity 1.0 (protanopia, deuteranopia, tritanopia) and the CIEDE2000
colour difference (Sharma, Wu and Dalal 2005), both written from their published
definitions in numpy (no Qt, no colour library). ``tests/lab/test_colour_vision.py`` checks
the difference against the 34 test pairs of Sharma's paper and the palette's pairs
(:mod:`.palette_pairs`) against the threshold.

Colours are sRGB, 0..255 per channel (a palette's 0..1 rims are scaled first)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

#: Machado, Oliveira and Fernandes (2009), "A Physiologically-based Model for Simulation
#: of Color Vision Deficiency", IEEE TVCG 15(6): the matrices of severity 1.0 (the
#: dichromacies), applied to linear RGB.
MACHADO: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
#: The visions a pair is checked under: normal, then each dichromacy.
VISIONS = ("normal", *MACHADO)

#: sRGB (linear) to CIE XYZ, D65 white (IEC 61966-2-1).
_RGB_TO_XYZ = np.array(
    (
        (0.4124564, 0.3575761, 0.1804375),
        (0.2126729, 0.7151522, 0.0721750),
        (0.0193339, 0.1191920, 0.9503041),
    )
)
_WHITE = _RGB_TO_XYZ @ np.ones(3)  # D65, Y = 1

Colour = Sequence[float]


def as_rgb255(colour: Colour) -> np.ndarray:
    """A palette colour as 0..255 floats: a rim's 0..1 floats are scaled."""
    v = np.asarray(colour, dtype=float).reshape(-1, 3)
    floats = all(isinstance(c, float) for c in colour) and float(v.max()) <= 1.0
    return v.reshape(-1) * 255.0 if floats else v.reshape(-1)


def to_linear(rgb: np.ndarray) -> np.ndarray:
    """sRGB 0..255 to linear 0..1 (the sRGB transfer function)."""
    c = np.asarray(rgb, dtype=float) / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def from_linear(lin: np.ndarray) -> np.ndarray:
    """Linear 0..1 (clipped) back to sRGB 0..255."""
    c = np.clip(np.asarray(lin, dtype=float), 0.0, 1.0)
    srgb: np.ndarray = 255.0 * np.where(c <= 0.0031308, 12.92 * c, 1.055 * c ** (1 / 2.4) - 0.055)
    return srgb


def simulate(rgb: np.ndarray | Colour, vision: str) -> np.ndarray:
    """How ``rgb`` (0..255, one colour or an (..., 3) array) looks in ``vision`` (one of
    :data:`VISIONS`), as sRGB 0..255."""
    colour = np.asarray(rgb, dtype=float)
    if vision == "normal":
        return colour
    if vision not in MACHADO:
        raise ValueError(f"no such vision: {vision!r} (one of {', '.join(VISIONS)})")
    matrix = np.array(MACHADO[vision])
    return from_linear(to_linear(colour) @ matrix.T)


def lab(rgb: np.ndarray | Colour) -> np.ndarray:
    """CIELAB (D65) of sRGB 0..255 colours (..., 3)."""
    xyz = (to_linear(np.asarray(rgb, dtype=float)) @ _RGB_TO_XYZ.T) / _WHITE
    e, k = 216 / 24389, 24389 / 27
    f = np.where(xyz > e, np.cbrt(xyz), (k * xyz + 16) / 116)
    return np.stack(
        (116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])),
        axis=-1,
    )


def ciede2000(lab1: np.ndarray | Colour, lab2: np.ndarray | Colour) -> np.ndarray:
    """The CIEDE2000 difference of CIELAB colours (..., 3), kL = kC = kH = 1: Sharma, Wu
    and Dalal (2005), "The CIEDE2000 Color-Difference Formula: Implementation Notes,
    Supplementary Test Data, and Mathematical Observations", Color Research and
    Application 30(1), section 2, step by step."""
    l1, a1, b1 = np.moveaxis(np.asarray(lab1, dtype=float), -1, 0)
    l2, a2, b2 = np.moveaxis(np.asarray(lab2, dtype=float), -1, 0)
    c_bar = (np.hypot(a1, b1) + np.hypot(a2, b2)) / 2
    g = 0.5 * (1 - np.sqrt(c_bar**7 / (c_bar**7 + 25.0**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = np.hypot(a1p, b1), np.hypot(a2p, b2)
    h1p = np.where((a1p == 0) & (b1 == 0), 0.0, np.degrees(np.arctan2(b1, a1p)) % 360)
    h2p = np.where((a2p == 0) & (b2 == 0), 0.0, np.degrees(np.arctan2(b2, a2p)) % 360)
    dlp = l2 - l1
    dcp = c2p - c1p
    dh = h2p - h1p
    dh = np.where(dh > 180, dh - 360, np.where(dh < -180, dh + 360, dh))
    dh = np.where(c1p * c2p == 0, 0.0, dh)
    dhp = 2 * np.sqrt(c1p * c2p) * np.sin(np.radians(dh) / 2)
    l_bar = (l1 + l2) / 2
    c_bar_p = (c1p + c2p) / 2
    h_sum = h1p + h2p
    h_bar = np.where(
        c1p * c2p == 0,
        h_sum,
        np.where(
            np.abs(h1p - h2p) <= 180,
            h_sum / 2,
            np.where(h_sum < 360, (h_sum + 360) / 2, (h_sum - 360) / 2),
        ),
    )
    t = (
        1
        - 0.17 * np.cos(np.radians(h_bar - 30))
        + 0.24 * np.cos(np.radians(2 * h_bar))
        + 0.32 * np.cos(np.radians(3 * h_bar + 6))
        - 0.20 * np.cos(np.radians(4 * h_bar - 63))
    )
    d_theta = 30 * np.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * np.sqrt(c_bar_p**7 / (c_bar_p**7 + 25.0**7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / np.sqrt(20 + (l_bar - 50) ** 2)
    s_c = 1 + 0.045 * c_bar_p
    s_h = 1 + 0.015 * c_bar_p * t
    r_t = -np.sin(np.radians(2 * d_theta)) * r_c
    dl, dc, dhh = dlp / s_l, dcp / s_c, dhp / s_h
    difference: np.ndarray = np.sqrt(dl**2 + dc**2 + dhh**2 + r_t * dc * dhh)
    return difference


def distance(a: Colour, b: Colour, vision: str = "normal") -> float:
    """The CIEDE2000 difference of palette colours ``a`` and ``b`` (0..255, or a rim's
    0..1 floats) as seen in ``vision``."""
    seen = simulate(np.stack((as_rgb255(a), as_rgb255(b))), vision)
    lab_a, lab_b = lab(seen)
    return float(ciede2000(lab_a, lab_b))
