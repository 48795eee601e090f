"""The classroom in a browser (``pyramid-lab classroom``): the lab's lessons served to a
class, one lesson state per student on the server, and a teacher's page that sees them all.

- :mod:`.room`: the class (Qt-, VTK- and web-free): the lessons, the students, the
  teacher's view, the students removed, the class closed to new students (joins
  waiting, door numbers), the results file's contents and the teacher's CSV;
- :mod:`.student`: one student, each a :class:`~viewer.lab.Lab` (the window's own lesson
  state: steps, judging, hints, Retry, Next) with their tries and times
  (``student.StepRecord``); their hand on the board (``student.Hand``) and what their page
  and the teacher's line show (:func:`.student.page_of`, :func:`.student.row_of`);
- :mod:`.checks`: the checks every value from a browser (or a results file) goes through;
- :mod:`.store`: the results file (one class's, locked, private, whole) and the class code
  kept beside it;
- :mod:`.scene` and :mod:`.sites`: a student's board as meshes for vtk.js (pyvista builds
  them, the browser draws them), clicked as the window's board is;
- :mod:`.messages`: what a page may send, each message a typed class
  read and bounded in one place;
- :mod:`.words`: each page in its person's language (Accept-Language, or picked on the
  page): the pages' own words (:mod:`.page_words`) sent translated, the server's put in
  the page's language as they leave; the class itself keeps English;
- :mod:`.service`: the answers to a student's page, from the class;
- the guard: :mod:`.guard` (every bound on what a request, a socket or a page may ask;
  the requests' middleware: Host, Origin, headers; the threads, shared fairly; the
  connections that are no page yet) and :mod:`.pages` (the pages connected and who each
  is: the class's own identity, never the address);
- :mod:`.web`: the server (aiohttp): a route table, the pages and their files, the
  periodic save and the closing; its parts by concern: :mod:`.state` (the app's state
  under ``web.AppKey``), :mod:`.ws` (one websocket a page and the door's admission),
  :mod:`.handlers` (the messages' handlers) and :mod:`.pushes` (what is sent, and what
  changed pushed to the pages).

No module here imports Qt (``tests/viewer/test_contracts.py``)."""
