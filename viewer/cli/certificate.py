"""``pyramid-lab certificate check FILE``: verify a certificate (``solve --certificate``)
with the rules model alone: no module of the search is imported, so the check does not
rest on the code that found the proof."""

from __future__ import annotations

import argparse
import sys

from pyramid_lab.i18n import _, format_number, shown

from .common import EXIT_OK, bad_input, error_line
from .options import FILE, QUIET, add_options


def add_arguments(certificate: argparse.ArgumentParser) -> None:
    actions = certificate.add_subparsers(dest="action", metavar="ACTION", required=True)
    about = _(
        "verify FILE.cert.gz with the rules model alone; exits non-zero on any gap, "
        "illegal move or reply that wins. Read from a regular file only, to 256 MiB "
        "decompressed, lines to 64 KiB (at most one line per 16 bytes, none blank), a header "
        "nested to 16 deep (else exit 2, one line, as soon as the chunk read shows it)"
    )
    check = actions.add_parser("check", help=about, description=about)
    add_options(check, (FILE, QUIET))


def run(args: argparse.Namespace) -> int:
    from pyramid_lab.model.certificate import CertificateError, check_file

    try:
        report = check_file(args.file, progress=None if args.quiet else progress)
    except CertificateError as exc:
        return bad_input(error_line(str(exc)))
    print(shown(report.summary()))
    return EXIT_OK


def progress(positions: int, seconds: float) -> None:
    """The check's progress, a line on stderr."""
    print(
        _("certificate: {positions} positions checked, {seconds} s").format(
            positions=format_number(positions), seconds=format_number(seconds, digits=1)
        ),
        file=sys.stderr,
        flush=True,
    )
