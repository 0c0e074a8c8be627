"""The board's HTTP server: the page's files and a JSON endpoint per request kind.

Standard library only (``http.server``): the board serves one user on one machine.
It binds 127.0.0.1 on a free port and refuses any request whose ``Host`` is not that
address (a page elsewhere must not reach it through DNS rebinding), any ``POST`` whose
``Origin`` is another site or whose body is not JSON (no cross-site form posts), and
bodies over :data:`MAX_BODY`. Files are served only from the names in ``static/``,
looked up in a fixed table, so no path can reach outside it.

Endpoints (``POST``, JSON in and out; a bad request gets HTTP 400 and
``{"error": "<the one-line message>", "field": "deal.B"}``):

- ``/api/solve``: a problem object → the result object of ``pref solve --jsonl``, with
  ``pref solve``'s answer and key lines as text (see :func:`cli.board.moves.solve_object`);
- ``/api/play``: ``{"problem": …, "cards": ["10D", …]}`` → ``{"steps": [...]}``, the last
  step's ``answer`` once the deal is over (see :func:`cli.board.moves.play_cards`);
- ``/api/open``: ``{"name": "x.toml", "text": …}`` → ``{"problem": …}``;
- ``/api/save``: ``{"problem": …, "format": "json"|"toml"}`` → ``{"text": …}``;
- ``/api/cards``: ``{"text": "♠AK ♦7", "field": "deal.A"}`` → ``{"cards": [...]}``.
"""

from __future__ import annotations

import json
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources

from solver.problemfile import ProblemError

from . import moves

MAX_BODY = 64 * 1024
"""The largest request body accepted: a problem and a whole line of play take a few kilobytes."""

_TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
          ".js": "text/javascript; charset=utf-8", ".png": "image/png", ".svg": "image/svg+xml"}


def static_files() -> dict[str, bytes]:
    """Every file of ``static/`` by URL path (``/`` is the page), read once at start."""
    folder = resources.files(__package__) / "static"
    files = {f"/{f.name}": f.read_bytes() for f in folder.iterdir()
             if f.is_file() and any(f.name.endswith(ext) for ext in _TYPES)}
    files["/"] = files["/index.html"]
    return files


class BoardServer(ThreadingHTTPServer):
    """The server and what its handlers share: the files, the allowed hosts, the engine's lock."""

    daemon_threads = True

    def __init__(self, port: int = 0):
        super().__init__(("127.0.0.1", port), BoardHandler)
        self.files = static_files()
        self.hosts = {f"127.0.0.1:{self.port}", f"localhost:{self.port}"}
        self.origins = {f"http://{h}" for h in self.hosts}
        self.engine_lock = threading.Lock()  # one engine, not thread-safe

    def warm_up(self) -> threading.Thread:
        """Load (or compile) the search kernel in the background; requests wait for it."""

        def work():
            with self.engine_lock:
                moves.warm_up()

        thread = threading.Thread(target=work, name="warm-up", daemon=True)
        thread.start()
        return thread

    @property
    def port(self) -> int:
        return self.server_address[1]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"


def _api(request: dict, name: str):
    if name == "solve":
        return moves.solve_object(request)
    if name == "play":
        return {"steps": moves.play_cards(request.get("problem"), request.get("cards", []))}
    if name == "open":
        return {"problem": moves.load_text(request.get("text"), request.get("name"))}
    if name == "save":
        return {"text": moves.save_text(request.get("problem"), request.get("format", "json"))}
    if name == "cards":
        return {"cards": moves.cards_in(str(request.get("text", "")), str(request.get("field", "cards")))}
    return None


class BoardHandler(BaseHTTPRequestHandler):
    server: BoardServer
    server_version = "pref-board"
    sys_version = ""

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass  # quiet: the terminal shows the address and nothing else

    def _host_ok(self) -> bool:
        if self.headers.get("Host") not in self.server.hosts:
            self._send(HTTPStatus.FORBIDDEN, b"forbidden: the board answers only at its local address\n",
                       "text/plain; charset=utf-8")
            return False
        return True

    def do_GET(self):  # noqa: N802 - http.server's name
        if not self._host_ok():
            return
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        body = self.server.files.get(path)
        if body is None:
            self._send(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain; charset=utf-8")
            return
        name = "/index.html" if path == "/" else path
        self._send(HTTPStatus.OK, body, _TYPES[name[name.rindex("."):]])

    def do_POST(self):  # noqa: N802
        if not self._host_ok():
            return
        origin = self.headers.get("Origin")
        if origin is not None and origin not in self.server.origins:
            return self._error(HTTPStatus.FORBIDDEN, "request", "requests come only from the board's own page")
        if not self.path.startswith("/api/"):
            return self._error(HTTPStatus.NOT_FOUND, "request", f"no such endpoint {self.path!r}")
        if (self.headers.get("Content-Type") or "").split(";")[0].strip() != "application/json":
            return self._error(HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "request", "send JSON (Content-Type: application/json)")
        try:
            length = int(self.headers.get("Content-Length", ""))
        except ValueError:
            return self._error(HTTPStatus.LENGTH_REQUIRED, "request", "a Content-Length is needed")
        if not 0 <= length <= MAX_BODY:
            return self._error(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, "request",
                               f"a request holds at most {MAX_BODY} bytes, got {length}")
        try:
            request = json.loads(self.rfile.read(length).decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as e:
            return self._error(HTTPStatus.BAD_REQUEST, "request", f"broken JSON: {e}")
        try:
            if not isinstance(request, dict):
                raise ProblemError(moves.SOURCE, "request", "expected a JSON object")
            with self.server.engine_lock:
                answer = _api(request, self.path[len("/api/"):])
        except ProblemError as e:
            return self._error(HTTPStatus.BAD_REQUEST, e.field, str(e))
        except Exception as e:  # a bug: say so in one line, keep serving
            return self._error(HTTPStatus.INTERNAL_SERVER_ERROR, "request", f"internal error: {type(e).__name__}: {e}")
        if answer is None:
            return self._error(HTTPStatus.NOT_FOUND, "request", f"no such endpoint {self.path!r}")
        self._send(HTTPStatus.OK, json.dumps(answer, ensure_ascii=False).encode("utf-8"),
                   "application/json; charset=utf-8")

    def _error(self, status: HTTPStatus, field: str, message: str) -> None:
        body = json.dumps({"error": message, "field": field}, ensure_ascii=False).encode("utf-8")
        self._send(status, body, "application/json; charset=utf-8")

    def _send(self, status: HTTPStatus, body: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Content-Security-Policy", "default-src 'self'; img-src 'self' data:")
        self.end_headers()
        self.wfile.write(body)
