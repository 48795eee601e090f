"""Every bound on what a request, a socket, a page or a student may ask of the class, in
one place (the guard's: :mod:`.guard` for requests, :mod:`.pages` for pages, :mod:`.turns`
for the threads, :mod:`.sockets` for connections that are no page yet)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """What a page, a student and a socket may ask of the class."""

    unjoined: int = 100  # pages of no one yet at once, in all (the oldest closed past it)
    hello: float = 5.0  # seconds a page has to join, resume or give the class code
    per_student: int = 3  # pages of one student at once (the oldest closed past it)
    teacher_pages: int = 8  # the teacher's pages at once (the oldest closed past it)
    quiet_sockets: int = 200  # TCP connections that are no page yet (the oldest closed)
    idle: float = 15.0  # seconds a TCP connection may stay without a request
    messages_a_second: float = 15.0  # a page's steady rate ...
    burst: int = 40  # ... and how many at once above it
    code_tries: int = 6  # class-code tries a page, then it is closed
    code_wait: float = 1.0  # a page's second try waits this long, each after twice more
    send_timeout: float = 5.0  # a message a page does not take in this long: closed
    unsent: int = 48 * 1024 * 1024  # bytes sent and not yet read by the pages, in all
    send_buffer: int = 64 * 1024  # a page's socket's send buffer (Linux: twice, at most)
    workers: int = 4  # threads answering students
    usage_memory: float = 10.0  # seconds over which a student's use of them is weighed
