"""The classroom's guard refuses in the page's language (issue 90, docs/i18n.md): a 421 for
another name, a 403 for a page of another site, the 400 of a websocket opened by hand and
/door's answer, each in the language of the browser's Accept-Language, or the one the page
speaks (``/door?lang=``, its picked one); English unchanged. In process, no browser."""

from __future__ import annotations

import asyncio

import aiohttp
from aiohttp import web
from classroom_helpers import CODE, LESSON

from pyramid_lab.viewer.classroom.guard import Hosts
from pyramid_lab.viewer.classroom.room import Classroom
from pyramid_lab.viewer.classroom.sites import on_board
from pyramid_lab.viewer.classroom.web import build_app
from tests.patience import WAIT_S


def answers(asked: list[tuple[str, str, dict[str, str]]]) -> list[tuple[int, str]]:
    """Each (method, path, headers) asked of a class started for 127.0.0.1: its status and
    text."""
    room = Classroom.open([LESSON], CODE, None, on_board)

    async def scene() -> list[tuple[int, str]]:
        runner = web.AppRunner(build_app(room, hosts=Hosts.started_for("127.0.0.1")))
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = runner.addresses[0][1]
        got = []
        try:
            async with aiohttp.ClientSession() as session:
                for method, path, headers in asked:
                    sent = {"Host": f"127.0.0.1:{port}", **headers}
                    url = f"http://127.0.0.1:{port}{path}"
                    async with session.request(method, url, headers=sent) as answer:
                        got.append((answer.status, await answer.text()))
        finally:
            await runner.cleanup()
        return got

    async def bounded() -> list[tuple[int, str]]:
        async with asyncio.timeout(WAIT_S):
            return await scene()

    try:
        return asyncio.run(bounded())
    finally:
        room.close()


ELSEWHERE = {"Origin": "https://class.school.example"}


def test_each_refusal_speaks_the_browsers_language_or_the_pages():
    (misdirected, de_misdirected, other_site, sv_door, fr_door, es_socket, xa_door) = answers(
        [
            ("GET", "/", {"Host": "rebind.example"}),
            ("GET", "/", {"Host": "rebind.example", "Accept-Language": "de-AT,de;q=0.9"}),
            ("POST", "/door", ELSEWHERE),
            ("POST", "/door?lang=sv", {**ELSEWHERE, "Accept-Language": "fr"}),
            ("POST", "/door", {**ELSEWHERE, "Accept-Language": "fr-CA, en;q=0.5"}),
            ("GET", "/ws", {"Accept-Language": "es"}),
            ("POST", "/door?lang=en_XA", {}),
        ]
    )
    assert misdirected == (
        421,
        "this class answers only at the address it was started for (the address its teacher "
        "gave), not at rebind.example: if rebind.example is the class's own name (a proxy in "
        "front of it), start the class with --allow-host rebind.example\n",
    )
    assert de_misdirected[0] == 421
    assert de_misdirected[1].startswith("diese Klasse antwortet nur unter der Adresse")
    assert de_misdirected[1].endswith("--allow-host rebind.example\n")
    assert other_site[0] == 403
    assert other_site[1].startswith("this page was opened at https://class.school.example but")
    assert sv_door[0] == 403  # the page's language, not its browser's
    assert sv_door[1].startswith("den här sidan öppnades på https://class.school.example")
    assert fr_door[0] == 403
    assert fr_door[1].startswith("cette page a été ouverte à https://class.school.example")
    assert es_socket == (
        400,
        "este es el websocket de la clase: lo abren las páginas de la clase (abre en su lugar "
        "la página de los alumnos)\n",
    )
    assert xa_door[0] == 200
    assert xa_door[1].startswith("⟦")
    assert xa_door[1].endswith("⟧\n")
