"""The board's HTTP server: the page's files and a JSON endpoint per request kind.

Standard library only (``http.server``): the board serves one user on one machine.
It binds 127.0.0.1 on a free port and refuses any request whose ``Host`` is not that
address (a page elsewhere must not reach it through DNS rebinding), any ``POST`` whose
``Origin`` is another site or whose body is not JSON (no cross-site form posts), and
bodies over :data:`MAX_BODY`. Files are served only from the names in ``static/``,
looked up in a fixed table, so no path can reach outside it.

Endpoints (``POST``, JSON in and out, ``?lang=ru`` for the answers in Russian; a bad request gets HTTP 400 and
``{"error": "<the one-line message>", "field": "deal.B"}``):

- ``/api/solve``: a problem object → the result object of ``pref solve --jsonl``, with
  ``pref solve``'s answer and key lines as text (see :func:`preferans.cli.board.moves.solve_object`);
- ``/api/play``: ``{"problem": …, "cards": ["10D", …]}`` → ``{"steps": [...]}``, the last
  step's ``answer`` once the deal is over (see :func:`preferans.cli.board.moves.play_cards`);
- ``/api/table``: ``{"problem": …, "cards": ["10D", …], "worlds": [["KC", "AC"], …], "key": false}`` →
  the answer at the table after those cards, for the catchers who do not see the discard (see
  :func:`preferans.cli.board.at_table.table_object`): one search, at most about a second on the hardest
  full deals;
- ``/api/table-card``: ``{"problem": …, "cards": […], "worlds": [["KC", "AC"], …]}`` → ``{"card": "7S"}``,
  the declarer's card that keeps those discards beyond any one plan of the defence, or ``null``
  (see :func:`preferans.cli.board.at_table.declarer_object`);
- ``/api/open``: ``{"name": "x.toml", "text": …}`` → ``{"problem": …}``;
- ``/api/save``: ``{"problem": …, "format": "json"|"toml"}`` → ``{"text": …}``;
- ``/api/cards``: ``{"text": "♠AK ♦7", "field": "deal.A"}`` → ``{"cards": [...]}``;
- ``/api/index``: ``{}`` → ``{"problems": [{"id", "name", "kind", "difficulty", "en": {"title", "game",
  "theme", "difficulty"}, "ru": {…}}]}``, the collection (see :func:`preferans.cli.board.moves.collection_index`);
- ``/api/problem``: ``{"name": "kovalevskaya-misere"}`` (or its ``id``) → ``{"problem": …}``, one of them.
"""

from __future__ import annotations

import json
import os
import sys
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources

from preferans.problemfile import ProblemError

from . import at_table, moves

MAX_BODY = 64 * 1024
"""The largest request body accepted: a problem and a whole line of play take a few kilobytes."""

IDLE_TIMEOUT = 20
"""Seconds a connection may stay silent (before its request, or in the middle of its body)."""

MAX_DEPTH = 32
"""The deepest nesting of arrays and objects a request may hold: a problem is 3 levels deep."""

CSP = "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self'; base-uri 'none'"
"""The page's own files only, no frame around it (no clickjacking), no form sent elsewhere."""

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
    request_queue_size = 256
    """The listen backlog: a page opening at once, or a burst of requests, is queued, not reset
    (``socketserver``'s default of 5 reset 69 of 200 simultaneous requests)."""

    def handle_error(self, request, client_address):
        """A connection that broke (the browser went away, a read timed out) ends quietly:
        the terminal shows the address and nothing else, never a traceback; anything else
        (a bug: the endpoints answer their own errors) is one line on stderr."""
        error = sys.exc_info()[1]
        if not isinstance(error, OSError):
            print(f"pref board: a request failed: {type(error).__name__}: {error}", file=sys.stderr)

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


def read_json(body: bytes):
    """A request body as JSON; :class:`ValueError` with a one-line reason when it is not.

    Bounded before it is parsed: nesting deeper than :data:`MAX_DEPTH` (20,000 ``[`` overflowed
    the parser's stack) and numbers longer than Python turns into integers (a 5,000-digit
    number) are refused, as is anything that is not UTF-8 JSON.
    """
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ValueError(f"the request is not UTF-8 text: {e}") from None
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    if deepest > MAX_DEPTH:
        raise ValueError(f"broken JSON: nested {deepest} levels deep, at most {MAX_DEPTH}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"broken JSON: {e}") from None
    except ValueError as e:  # Python's limit on the digits of an integer
        raise ValueError(f"broken JSON: {e}") from None
    except RecursionError:
        raise ValueError("broken JSON: nested too deep") from None


def _api(request: dict, name: str, lang: str):
    if name == "solve":
        return moves.solve_object(request, lang)
    if name == "play":
        return {"steps": moves.play_cards(request.get("problem"), request.get("cards", []), lang)}
    if name == "table":
        return at_table.table_object(request.get("problem"), request.get("cards", []), request.get("worlds"),
                                     request.get("key", False))
    if name == "table-card":
        return at_table.declarer_object(request.get("problem"), request.get("cards", []), request.get("worlds"))
    if name == "open":
        return {"problem": moves.load_text(request.get("text"), request.get("name"))}
    if name == "save":
        return {"text": moves.save_text(request.get("problem"), request.get("format") or "json")}
    if name == "index":
        return {"problems": moves.collection_index()}
    if name == "problem":
        wanted = request.get("name")
        if not isinstance(wanted, str) or not wanted.strip():
            raise ProblemError(moves.SOURCE, "name", "missing: the name of a problem of the collection")
        return {"problem": moves.collection_problem(wanted), "name": wanted}
    if name == "cards":
        field = request.get("field")
        field = field if isinstance(field, str) and field.strip() else "cards"  # a field not sent is not "None"
        text = request.get("text", "")
        if not isinstance(text, str):
            raise ProblemError(moves.SOURCE, field, "the cards are a text such as \"♠AK ♦7\"")
        return {"cards": moves.cards_in(text, field)}
    return None


def _without_paths(message: str, where: str) -> str:
    """A message for the page with the machine's own path (a collection file's, in the installed
    package) cut to the file's name: an answer names no folder of the machine."""
    if os.path.isabs(where):
        return message.replace(where, os.path.basename(where))
    return message


class BoardHandler(BaseHTTPRequestHandler):
    server: BoardServer
    server_version = "pref-board"
    sys_version = ""
    timeout = IDLE_TIMEOUT  # a connection that sends nothing is closed, not kept waiting for ever

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
            request = read_json(self.rfile.read(length))
        except ValueError as e:
            return self._error(HTTPStatus.BAD_REQUEST, "request", str(e))
        try:
            if not isinstance(request, dict):
                raise ProblemError(moves.SOURCE, "request", "expected a JSON object")
            with self.server.engine_lock:
                name, _, query = self.path[len("/api/"):].partition("?")
                answer = _api(request, name, "ru" if "lang=ru" in query.split("&") else "en")
        except ProblemError as e:
            return self._error(HTTPStatus.BAD_REQUEST, e.field, _without_paths(moves.message(e), e.where))
        except Exception as e:  # a bug: say so in one line, keep serving; its detail only on the terminal
            print(f"pref board: {self.path} failed: {type(e).__name__}: {e}", file=sys.stderr)
            return self._error(HTTPStatus.INTERNAL_SERVER_ERROR, "request",
                               f"internal error: {type(e).__name__} (the terminal running pref board says more)")
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
        self.send_header("Content-Security-Policy", CSP)
        self.end_headers()
        self.wfile.write(body)
