"""The workbench's web layer (Starlette): routes, and the guards every response passes.

Thin over `service.Workbench`. Every response carries a Content-Security-Policy that
allows only the workbench's own script and styles (no inline script, no other
origin); requests are refused when their Host is not one the server answers to (a
web page elsewhere cannot reach it through a DNS name pointed at this machine, even
on a wildcard --host: `allowed_hosts`), when a browser says they come from another
site or another origin (scheme, name and port compared with the Host), or when their
body is larger than the loader reads (`MAX_RULESET_BYTES`) or nested deeper than
`MAX_DEPTH`. Errors reach the page in words, never as a trace, and the terminal gets
one line per unexpected error, never a traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import quote

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Route

from pontoon_rules.conformance.vectors.nesting import depth
from pontoon_rules.errors import PontoonError, RulesetError
from pontoon_rules.ruleset.loading.references import MAX_RULESET_BYTES
from pontoon_rules.workbench.hosts import (  # noqa: F401 - host_name: also imported from here
    allowed_hosts,
    host_name,
    same_origin,
)
from pontoon_rules.workbench.jobs import BusyError
from pontoon_rules.workbench.render import WordedError, in_words, render, said, static_file
from pontoon_rules.workbench.service import RequestError, Workbench

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
HEADERS = [(b"content-security-policy", CSP.encode()), (b"x-content-type-options", b"nosniff"),
           (b"referrer-policy", b"no-referrer"), (b"x-frame-options", b"DENY"),
           (b"cache-control", b"no-store")]
MAX_UPLOAD_FILES = 8
MAX_STATE_BYTES = 2 * MAX_RULESET_BYTES
"""A draft request: every control's value (a structured value at most the loader's limit)."""
MAX_UPLOAD_BYTES = MAX_UPLOAD_FILES * MAX_RULESET_BYTES + 64 * 1024
MAX_DEPTH = 32
"""How deeply a request's JSON may nest (a draft's values are a few levels deep)."""


class Guard:
    """ASGI middleware: Host and origin checks, body size limits, security headers."""

    def __init__(self, app: ASGIApp, hosts: frozenset[str]) -> None:
        self.app, self.hosts = app, hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        lang = _scope_language(scope)
        refusal = self._refusal(scope, headers)
        if refusal is not None:
            await _plain(refusal[0], in_words(lang, refusal[1]))(scope, receive,
                                                                 _with_headers(send))
            return
        limit = MAX_UPLOAD_BYTES if scope["path"] == "/upload" else MAX_STATE_BYTES
        length = headers.get("content-length", "")
        if length.isdigit() and int(length) > limit:
            await _plain(413, _too_large(limit, lang))(scope, receive, _with_headers(send))
            return
        await self.app(scope, _limited(receive, limit, lang), _with_headers(send))

    def _refusal(self, scope: Scope, headers: dict[str, str]) -> tuple[int, str] | None:
        host = headers.get("host", "")
        if not self._known(host, scope):
            return 421, said("This workbench answers only at the address it printed when it "
                             "started, or at this computer's own names and addresses (start "
                             "it with --allow-host NAME to answer to another name).")
        if scope["method"] not in ("GET", "HEAD"):
            if headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
                return 403, said("Refused: this request comes from another web site.")
            origin = headers.get("origin")
            if origin is not None and not same_origin(origin, host, scope):
                return 403, said("Refused: this request comes from another web site (its "
                                 "origin is not this workbench's address and port).")
        return None

    def _known(self, host: str, scope: Scope) -> bool:
        name = host_name(host)
        server = scope.get("server")
        here = str(server[0]).split("%", 1)[0].lower() if server else ""
        here = here.removeprefix("::ffff:") if "." in here else here  # IPv4 on a :: bind
        return bool(name) and (name in self.hosts or name == here)


def _too_large(limit: int, lang: str) -> str:
    return in_words(lang, "Refused: the request is larger than %(size)s KiB.",
                    size=format(limit // 1024, ","))


def _scope_language(scope: Scope) -> str:
    """The language of the page asking (its `lang=`; English when none or unknown), for the
    guards' answers too, which come before any request is read."""
    from urllib.parse import parse_qs

    from pontoon_rules.docs.words.i18n import SITE_LANGUAGES, SOURCE_LANGUAGE

    query = parse_qs(bytes(scope.get("query_string", b"")).decode("latin-1"))
    lang = (query.get("lang") or [""])[-1]
    return lang if lang in SITE_LANGUAGES else SOURCE_LANGUAGE


class _TooLarge(Exception):
    pass


def _limited(receive: Receive, limit: int, lang: str) -> Receive:
    """`receive`, failing once more than `limit` body bytes have arrived (chunked bodies)."""
    seen = 0

    async def wrapped() -> Message:
        nonlocal seen
        message = await receive()
        if message["type"] == "http.request":
            seen += len(message.get("body", b""))
            if seen > limit:
                raise _TooLarge(_too_large(limit, lang))
        return message

    return wrapped


def _with_headers(send: Send) -> Send:
    async def wrapped(message: Message) -> None:
        if message["type"] == "http.response.start":
            names = {k.lower() for k, _ in message.get("headers", [])}
            message["headers"] = list(message.get("headers", [])) + [
                h for h in HEADERS if h[0] not in names]
        await send(message)

    return wrapped


def _plain(status: int, text: str) -> Response:
    return PlainTextResponse(text + "\n", status_code=status)


async def _json_body(request: Request) -> dict[str, Any]:
    try:
        data = json.loads(await request.body())
    except (ValueError, UnicodeDecodeError, RecursionError) as error:
        raise RequestError("expected the page's request as JSON") from error
    if not isinstance(data, dict):
        raise RequestError("expected the page's request as a JSON object")
    if depth(data, MAX_DEPTH) > MAX_DEPTH:
        raise RequestError("the request nests its values more than %(most)s levels deep: no "
                           "control of the page sends that", most=MAX_DEPTH)
    return data


def version_of(since: str) -> int | None:
    """A poll's `since` (the version the page shows) or `wait` (the seconds it may wait for
    a change): None when empty.

    Raises:
        RequestError: anything but a plain number (digits 0-9, at most 18 of them).
    """
    if since == "":
        return None
    if not (since.isascii() and since.isdigit() and len(since) <= 18):
        raise RequestError("expected since= the version number the page shows, and wait= "
                           "the seconds to wait, as plain numbers")
    return int(since)


def _attachment(name: str) -> dict[str, str]:
    return {"content-disposition": f"attachment; filename=\"{name}\"; "
                                   f"filename*=UTF-8''{quote(name)}"}


def create_app(workbench: Workbench, host: str = "127.0.0.1", exposed: str = "",
               allow_hosts: tuple[str, ...] = ()) -> Any:
    """The ASGI application over `workbench` (wrapped in `Guard` for `host` and the
    names of `allow_hosts`)."""

    async def page(request: Request) -> Response:
        key = request.query_params.get("start")
        start = workbench.starts.get(key) if key else workbench.starts.default()
        lang = page_language(request)
        if start is None:
            return HTMLResponse(render("error.html.j2", lang,
                                       title=in_words(lang, "Unknown ruleset"),
                                       problems=[in_words(lang, "No such starting ruleset: "
                                                          "pick one from the menu.")]),
                                status_code=404)
        body = {"start": start.key, "lang": lang, "name": start.default_name,
                "fields": {}, "set": dict(start.changes)}
        html = await run_in_threadpool(_page_html, workbench, body, exposed)
        return HTMLResponse(html)

    async def state(request: Request) -> Response:
        body = await _json_body(request)
        return JSONResponse(await run_in_threadpool(workbench.state, body))

    async def job(request: Request) -> Response:
        since = version_of(request.query_params.get("since", ""))
        wait = version_of(request.query_params.get("wait", ""))
        found = await run_in_threadpool(
            workbench.job, request.path_params["job_id"], request.query_params.get("tab", ""),
            page_language(request), since, float(wait or 0))
        return JSONResponse(found)

    async def release(request: Request) -> Response:
        await run_in_threadpool(workbench.release, await _json_body(request))
        return Response(status_code=204)

    async def download_yaml(request: Request) -> Response:
        name, text = await run_in_threadpool(workbench.overlay, await _json_body(request))
        return Response(text.encode("utf-8"), media_type="application/yaml",
                        headers=_attachment(name))

    async def download_pdf(request: Request) -> Response:
        name, pdf = await run_in_threadpool(workbench.sheet, await _json_body(request))
        return Response(pdf, media_type="application/pdf", headers=_attachment(name))

    async def compare(request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(workbench.compare,
                                                    await _json_body(request)))

    async def upload(request: Request) -> Response:
        async with request.form(max_files=MAX_UPLOAD_FILES, max_fields=8,
                                max_part_size=64 * 1024) as form:
            files = []
            for item in form.getlist("files"):
                if hasattr(item, "read"):
                    data = await item.read(MAX_RULESET_BYTES + 1)
                    files.append((str(getattr(item, "filename", "") or "upload.yaml"), data))
        if not files:
            raise RequestError("choose one or more ruleset files (.yaml) to upload")
        starts = await run_in_threadpool(workbench.starts.upload, files)
        return RedirectResponse(f"/?lang={page_language(request)}&start={quote(starts[-1].key)}",
                                status_code=303)

    async def static(request: Request) -> Response:
        found = static_file(request.path_params["name"])
        if found is None:
            return _plain(404, "Not found.")
        return FileResponse(found[0], media_type=found[1])

    async def no_icon(request: Request) -> Response:
        return Response(status_code=204)

    routes = [Route("/", page), Route("/favicon.ico", no_icon),
              Route("/api/state", state, methods=["POST"]),
              Route("/api/job/{job_id}", job), Route("/api/compare", compare, methods=["POST"]),
              Route("/api/release", release, methods=["POST"]),
              Route("/api/download/yaml", download_yaml, methods=["POST"]),
              Route("/api/download/pdf", download_pdf, methods=["POST"]),
              Route("/upload", upload, methods=["POST"]),
              Route("/static/{name}", static)]
    from starlette.exceptions import HTTPException

    handled = (_TooLarge, RequestError, RulesetError, PontoonError, HTTPException, Exception)
    app = Starlette(routes=routes, exception_handlers=dict.fromkeys(handled, _error_response))
    return Guard(_catch_too_large(app), allowed_hosts(host, allow_hosts))


def _catch_too_large(app: ASGIApp) -> ASGIApp:
    """`app`, with a body too large answered 413, and an unexpected error (which
    Starlette answers in words, `_error_response`, and then raises again for the server
    to log) kept from the server: the terminal has its one line, never a traceback."""

    async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
        started = False

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await app(scope, receive, watched)
        except _TooLarge as error:
            if not started:
                await _plain(413, str(error))(scope, receive, send)
        except Exception:  # noqa: BLE001 - answered and said in one line already
            if not started:
                await _plain(500, "Something went wrong in the workbench.")(
                    scope, receive, send)

    return wrapped


def _page_html(workbench: Workbench, body: dict[str, Any], exposed: str) -> str:
    from pontoon_rules.docs.words.i18n import SITE_LANGUAGES, language

    draft = workbench.draft(body)
    from pontoon_rules.workbench.view import rules_view

    view = rules_view(draft.start, draft.values, draft.evaluation, draft.parse_problems,
                      draft.lang, draft.typed)
    from pontoon_rules.workbench.controls import ruleset_schema

    longest = ruleset_schema()["properties"]["name"].get("maxLength", 200)
    return render("page.html.j2", draft.lang, start=draft.start, lang=draft.lang,
                  name_length=longest, max_state=MAX_STATE_BYTES,
                  name=draft.start.default_name, languages=[
                      {"code": code, "name": language(code).name} for code in SITE_LANGUAGES],
                  starts=workbench.starts.groups(), exposed=exposed,
                  rules_html=_markup(render("rules.html.j2", draft.lang, view=view)))


def _markup(html: str) -> Any:
    from markupsafe import Markup

    return Markup(html)  # our own template's output, already escaped


def page_language(request: Request) -> str:
    """The language the page asking is drawn in (its `lang=`; English when none or unknown)."""
    return _scope_language(request.scope)


async def _error_response(request: Request, error: Exception) -> Response:
    """Every error as words, in the page's language: a user's or a page's mistake as it
    is, anything else named."""
    lang = page_language(request)
    status, words, problems = 500, "", []
    if isinstance(error, _TooLarge):
        status, words = 413, str(error)
    elif isinstance(error, BusyError):
        status, words = 429, in_words(lang, "The workbench is busy: %(why)s.",
                                      why=error.in_words(lang))
    elif isinstance(error, RulesetError):
        status, words = 422, in_words(lang, "The file is not a ruleset the workbench can use:")
        problems = [_problem_words(p, lang) for p in error.problems]
    elif isinstance(error, (RequestError, PontoonError)):
        status = 400
        words = error.in_words(lang) if isinstance(error, WordedError) else str(error)
        problems = [str(d) for d in getattr(error, "details", ())]
    elif hasattr(error, "status_code") and hasattr(error, "detail"):
        status, words = int(error.status_code), str(error.detail)
    elif isinstance(error, ClientDisconnect):  # nobody is left to answer
        status, words = 400, in_words(lang, "The request was not sent in full.")
    else:
        words = in_words(lang, "Something went wrong in the workbench (%(error)s); the "
                         "terminal it runs in says more.", error=type(error).__name__)
        from pontoon_rules.text import terminal_safe

        print(terminal_safe(f"workbench: {request.method} {request.url.path}: "
                            f"{type(error).__name__}: {error}"), file=sys.stderr)
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": words, "problems": problems}, status_code=status)
    return HTMLResponse(render("error.html.j2", lang,
                               title=in_words(lang, "The workbench could not do that"),
                               problems=[words, *problems]), status_code=status)


def _problem_words(problem: Any, lang: str) -> str:
    from pathlib import Path

    where = Path(problem.file).name
    if problem.line is not None:
        where += in_words(lang, ", line %(line)s", line=problem.line)
    path = f" {problem.path}:" if problem.path else ""
    return f"{where}:{path} {problem.message}"
