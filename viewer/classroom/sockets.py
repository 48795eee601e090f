"""TCP connections on which no whole request came yet (nothing sent, or a request a byte
at a time), bounded in all: the oldest closed past :attr:`Limits.quiet_sockets`
(:class:`BoundSite`, the class's aiohttp site, counts each with :class:`Quiet`)."""

from __future__ import annotations

import asyncio
from collections import OrderedDict

from aiohttp import web

from .limits import Limits


class _Counted(asyncio.Protocol):
    """aiohttp's protocol for one TCP connection, counted while it is no page yet."""

    def __init__(self, inner: asyncio.Protocol, quiet: Quiet) -> None:
        self.inner, self.quiet = inner, quiet
        self.transport: asyncio.BaseTransport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        self.inner.connection_made(transport)
        self.quiet.made(self)

    def data_received(self, data: bytes) -> None:
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()

    def connection_lost(self, exc: Exception | None) -> None:
        self.quiet.lost(self)
        self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()


class Quiet:
    """The TCP connections that are no page (yet), oldest first; past the bound the
    oldest is closed (aiohttp closes one without a request after :attr:`Limits.idle`)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.sockets: OrderedDict[_Counted, None] = OrderedDict()
        self.by_transport: dict[asyncio.BaseTransport, _Counted] = {}

    def made(self, counted: _Counted) -> None:
        self.sockets[counted] = None
        if counted.transport is not None:
            self.by_transport[counted.transport] = counted
        while len(self.sockets) > self.limits.quiet_sockets:
            oldest, _ = self.sockets.popitem(last=False)
            if oldest.transport is not None:
                oldest.transport.close()

    def lost(self, counted: _Counted) -> None:
        self.sockets.pop(counted, None)
        if counted.transport is not None:
            self.by_transport.pop(counted.transport, None)

    def spoke(self, transport: asyncio.BaseTransport | None) -> None:
        """A whole request came on the connection: it is a browser's (kept alive by
        aiohttp for :attr:`Limits.idle` seconds at most) or a page's websocket (bounded as
        a page), no longer a quiet one."""
        counted = self.by_transport.get(transport) if transport is not None else None
        if counted is not None:
            self.sockets.pop(counted, None)


QUIET = web.AppKey("quiet", Quiet)


class BoundSite(web.TCPSite):
    """aiohttp's TCP site, each connection counted by :class:`Quiet`."""

    def __init__(self, runner: web.AppRunner, host: str, port: int, quiet: Quiet) -> None:
        super().__init__(runner, host, port, backlog=128)
        self.quiet = quiet

    async def start(self) -> None:
        await web.BaseSite.start(self)
        server = self._runner.server
        assert server is not None
        quiet = self.quiet
        self._server = await asyncio.get_running_loop().create_server(
            lambda: _Counted(server(), quiet), self._host, self._port, backlog=self._backlog
        )
        sockets = self._server.sockets
        self._bound_port = sockets[0].getsockname()[1] if sockets else self._port
