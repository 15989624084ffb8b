"""Local fakes of the three stores' APIs, on 127.0.0.1, following each API's documented requests and answers:

- the Chrome Web Store API v2 and Google's OAuth token endpoint (`/oauth/token`, `/chrome/...`);
- addons.mozilla.org's API v5 with JWT authentication (`/amo/api/v5/...`), and a download host for signed files;
- the Microsoft Edge Add-ons API v1.1 (`/edge/v1/...`).

Each checks credentials as its store does and keeps every request it received (`requests`), so tests can say
what was sent, and to whom. `fail(step, ...)` makes the next request of a step answer with a failure: a status and
body, a Retry-After, or a delay (a timeout). One Starlette app on hypercorn, in a thread.
"""

from __future__ import annotations

import asyncio
import io
import json
import socket
import threading
import uuid
import zipfile
from dataclasses import dataclass, field
from typing import Any

import jwt
from hypercorn.asyncio import serve
from hypercorn.config import Config
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

CHROME_TOKEN = "ya29.fake-access-token-0123456789"


@dataclass
class Secrets:
    chrome_client_id: str = "1234-fake.apps.googleusercontent.com"
    chrome_client_secret: str = "GOCSPX-chrome-client-secret-value"
    chrome_refresh_token: str = "1//chrome-refresh-token-value-abcdef"
    amo_issuer: str = "user:12345:67"
    amo_secret: str = "amo-jwt-secret-0123456789abcdef0123456789abcdef"
    edge_client_id: str = "edge-client-id-0000-1111"
    edge_api_key: str = "edge-api-key-value-ZZZZ-9999"

    def all(self) -> list[str]:
        return [*vars(self).values(), CHROME_TOKEN]


@dataclass
class Failure:
    status: int = 500
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0  # seconds before answering (longer than the client's timeout: a timeout)
    then_pass: bool = True  # after the delay, answer normally instead of with status/body


@dataclass
class Received:
    step: str
    method: str
    host: str
    path: str
    headers: dict[str, str]
    size: int


@dataclass
class StoreState:
    chrome_items: dict[str, str] = field(default_factory=dict)  # item id → published version
    chrome_publisher: str = "publisher-1"
    chrome_async_polls: int = 0  # fetchStatus calls that still answer IN_PROGRESS after an upload
    chrome_uploaded: dict[str, str] = field(default_factory=dict)
    chrome_published: dict[str, dict[str, Any]] = field(default_factory=dict)
    amo_addons: dict[str, list[str]] = field(default_factory=dict)  # guid → versions
    amo_uploads: dict[str, dict[str, Any]] = field(default_factory=dict)
    amo_versions: dict[int, dict[str, Any]] = field(default_factory=dict)
    amo_validation_polls: int = 1
    amo_signing_polls: int = 1
    amo_invalid: list[dict[str, Any]] = field(default_factory=list)  # validation messages to answer with
    amo_sources: dict[int, int] = field(default_factory=dict)  # version id → sources size
    amo_published: bytes | None = None  # the listed .xpi AMO serves now (the add-on's current_version)
    amo_download_host: str = ""  # where a signed file is served from (another host: credentials must not go)
    edge_products: set[str] = field(default_factory=set)
    edge_operations: dict[str, dict[str, Any]] = field(default_factory=dict)
    edge_polls: int = 1
    edge_failure: dict[str, Any] | None = None  # an operation's Failed answer
    edge_uploaded: dict[str, int] = field(default_factory=dict)
    edge_notes: dict[str, str] = field(default_factory=dict)


class FakeStores:
    def __init__(self) -> None:
        self.secrets = Secrets()
        self.state = StoreState()
        self.requests: list[Received] = []
        self.failures: dict[str, list[Failure]] = {}
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.other_host = f"http://localhost:{self.port}"  # the same server under another host name
        self.state.amo_download_host = self.other_host
        self._stop: asyncio.Event | None = None
        self._thread: threading.Thread | None = None

    # -- what a test configures -------------------------------------------------------------------------------

    def fail(self, step: str, failure: Failure, times: int = 1) -> None:
        self.failures.setdefault(step, []).extend([failure] * times)

    def environment(self) -> dict[str, str]:
        s = self.secrets
        return {
            "XTK_CHROME_CLIENT_ID": s.chrome_client_id,
            "XTK_CHROME_CLIENT_SECRET": s.chrome_client_secret,
            "XTK_CHROME_REFRESH_TOKEN": s.chrome_refresh_token,
            "XTK_CHROME_API_URL": f"{self.base}/chrome",
            "XTK_CHROME_TOKEN_URL": f"{self.base}/oauth/token",
            "XTK_AMO_JWT_ISSUER": s.amo_issuer,
            "XTK_AMO_JWT_SECRET": s.amo_secret,
            "XTK_AMO_API_URL": f"{self.base}/amo",
            "XTK_EDGE_CLIENT_ID": s.edge_client_id,
            "XTK_EDGE_API_KEY": s.edge_api_key,
            "XTK_EDGE_API_URL": f"{self.base}/edge",
            "XTK_SUBMIT_POLL": "0.05",
            "XTK_SUBMIT_BACKOFF": "0.05",
            "XTK_SUBMIT_TIMEOUT": "5",
        }

    def steps(self) -> list[str]:
        return [r.step for r in self.requests]

    # -- the server --------------------------------------------------------------------------------------------

    def start(self) -> None:
        ready = threading.Event()

        def run() -> None:
            async def main() -> None:
                self._stop = asyncio.Event()
                config = Config()
                config.bind = [f"127.0.0.1:{self.port}"]
                config.accesslog = None
                config.errorlog = None
                ready.set()
                await serve(self.app(), config, shutdown_trigger=self._stop.wait)  # type: ignore[arg-type]

            self._loop = asyncio.new_event_loop()
            self._loop.run_until_complete(main())

        self._thread = threading.Thread(target=run, daemon=True)
        self._thread.start()
        ready.wait(10)
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                threading.Event().wait(0.02)

    def stop(self) -> None:
        if self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        if self._thread is not None:
            self._thread.join(10)

    def app(self) -> Starlette:
        return Starlette(
            routes=[
                Route("/oauth/token", self.wrap("chrome.token", self.chrome_token), methods=["POST"]),
                Route("/chrome/{rest:path}", self.wrap("chrome", self.chrome), methods=["GET", "POST"]),
                Route("/amo/api/v5/addons/upload/", self.wrap("amo.upload", self.amo_upload), methods=["POST"]),
                Route("/amo/api/v5/addons/upload/{uuid}/", self.wrap("amo.validation", self.amo_upload_status)),
                Route(
                    "/amo/api/v5/addons/addon/{guid}/versions/",
                    self.wrap("amo.version", self.amo_create_version),
                    methods=["POST"],
                ),
                Route(
                    "/amo/api/v5/addons/addon/{guid}/versions/{vid:int}/",
                    self.wrap("amo.version_detail", self.amo_version),
                    methods=["GET", "PATCH"],
                ),
                Route(
                    "/amo/api/v5/addons/addon/{guid}/", self.wrap("amo.addon", self.amo_addon), methods=["PUT", "GET"]
                ),
                Route("/amo/downloads/{vid:int}/signed.xpi", self.wrap("amo.download", self.amo_download)),
                Route("/amo/downloads/published.xpi", self.wrap("amo.published", self.amo_published)),
                Route(
                    "/edge/v1/products/{pid}/submissions/draft/package",
                    self.wrap("edge.upload", self.edge_upload),
                    methods=["POST"],
                ),
                Route(
                    "/edge/v1/products/{pid}/submissions/draft/package/operations/{op}",
                    self.wrap("edge.upload_status", self.edge_operation),
                ),
                Route(
                    "/edge/v1/products/{pid}/submissions",
                    self.wrap("edge.publish", self.edge_publish),
                    methods=["POST"],
                ),
                Route(
                    "/edge/v1/products/{pid}/submissions/operations/{op}",
                    self.wrap("edge.publish_status", self.edge_operation),
                ),
            ]
        )

    def wrap(self, step: str, handler: Any) -> Any:
        async def endpoint(request: Request) -> Response:
            body = await request.body()
            name = step
            if step == "chrome":
                name = "chrome." + request.path_params["rest"].rsplit(":", 1)[-1]
            self.requests.append(
                Received(
                    name,
                    request.method,
                    request.headers.get("host", ""),
                    request.url.path,
                    dict(request.headers),
                    len(body),
                )
            )
            queued = self.failures.get(name) or []
            if queued:
                failure = queued.pop(0)
                if failure.delay:
                    await asyncio.sleep(failure.delay)
                if failure.body is not None or not failure.then_pass:
                    return JSONResponse(failure.body, status_code=failure.status, headers=failure.headers)
            result: Response = await handler(request, body)
            return result

        return endpoint

    # -- Google OAuth and the Chrome Web Store API v2 ------------------------------------------------------

    async def chrome_token(self, request: Request, body: bytes) -> Response:
        form = await request.form()
        s = self.secrets
        good = (form.get("client_id"), form.get("client_secret"), form.get("refresh_token")) == (
            s.chrome_client_id,
            s.chrome_client_secret,
            s.chrome_refresh_token,
        )
        if form.get("grant_type") != "refresh_token" or not good:
            return JSONResponse(
                {"error": "invalid_grant", "error_description": "Token has been expired or revoked."}, 400
            )
        return JSONResponse({"access_token": CHROME_TOKEN, "expires_in": 3599, "token_type": "Bearer"})

    async def chrome(self, request: Request, body: bytes) -> Response:
        rest = request.path_params["rest"]
        if request.headers.get("authorization") != f"Bearer {CHROME_TOKEN}":
            return _google_error(401, "Request had invalid authentication credentials.", "UNAUTHENTICATED")
        name, _, method = rest.rpartition(":")
        parts = name.split("/")  # [upload/]v2/publishers/P/items/I
        if parts[0] == "upload":
            parts = parts[1:]
        if len(parts) != 5 or parts[:2] != ["v2", "publishers"] or parts[3] != "items":
            return _google_error(404, f"Not found: {rest}", "NOT_FOUND")
        publisher, item = parts[2], parts[4]
        if publisher != self.state.chrome_publisher or item not in self.state.chrome_items:
            return _google_error(404, f"Item {item} not found.", "NOT_FOUND")
        if method == "upload":
            version = _manifest_version(body)
            if version is None:
                return _google_error(400, "The package is not a valid zip with a manifest.json.", "INVALID_ARGUMENT")
            published = self.state.chrome_items[item]
            if _version_key(version) <= _version_key(published):
                return _google_error(
                    400,
                    f"Invalid version number in manifest: {version}. Please make sure the newly uploaded package has a "
                    f"larger version in file manifest.json than the published package: {published}.",
                    "INVALID_ARGUMENT",
                )
            self.state.chrome_uploaded[item] = version
            state = "IN_PROGRESS" if self.state.chrome_async_polls else "SUCCEEDED"
            answer = {"name": f"publishers/{publisher}/items/{item}", "itemId": item, "uploadState": state}
            if state == "SUCCEEDED":
                answer["crxVersion"] = version
            return JSONResponse(answer)
        if method == "publish":
            wanted = json.loads(body or b"{}")
            staged = wanted.get("publishType") == "STAGED_PUBLISH"
            self.state.chrome_published[item] = wanted
            return JSONResponse(
                {
                    "name": f"publishers/{publisher}/items/{item}",
                    "itemId": item,
                    "state": "STAGED" if staged else "PENDING_REVIEW",
                }
            )
        if method == "fetchStatus":
            if self.state.chrome_async_polls:
                self.state.chrome_async_polls -= 1
                upload_state = "IN_PROGRESS"
            else:
                upload_state = "SUCCEEDED"
            status: dict[str, Any] = {"name": name, "itemId": item, "lastAsyncUploadState": upload_state}
            published = self.state.chrome_published.get(item)
            if published is not None:
                channels = [
                    {"crxVersion": self.state.chrome_uploaded.get(item), "deployPercentage": d["deployPercentage"]}
                    for d in published.get("deployInfos", [])
                ]
                status["submittedItemRevisionStatus"] = {"state": "PENDING_REVIEW", "distributionChannels": channels}
            return JSONResponse(status)
        return _google_error(404, f"No method {method}", "NOT_FOUND")

    # -- addons.mozilla.org API v5 -----------------------------------------------------------------------

    def _amo_auth(self, request: Request) -> Response | None:
        header = request.headers.get("authorization", "")
        if not header.startswith("JWT "):
            return JSONResponse({"detail": "Authentication credentials were not provided."}, 401)
        try:
            claims = jwt.decode(
                header[4:],
                self.secrets.amo_secret,
                algorithms=["HS256"],
                options={"require": ["exp", "iat", "jti", "iss"]},
            )
        except jwt.PyJWTError:
            return JSONResponse({"detail": "Incorrect authentication credentials."}, 401)
        if claims["iss"] != self.secrets.amo_issuer or claims["exp"] - claims["iat"] > 300:
            return JSONResponse({"detail": "Incorrect authentication credentials."}, 401)
        return None

    async def amo_upload(self, request: Request, body: bytes) -> Response:
        if (refused := self._amo_auth(request)) is not None:
            return refused
        form = await request.form()
        upload = form.get("upload")
        if upload is None or isinstance(upload, str):
            return JSONResponse({"upload": ["No file was submitted."]}, 400)
        content = await upload.read()
        identifier = uuid.uuid4().hex
        self.state.amo_uploads[identifier] = {
            "uuid": identifier,
            "channel": form.get("channel"),
            "version": _manifest_version(content),
            "polls": self.state.amo_validation_polls,
        }
        return JSONResponse(self._amo_upload_view(identifier), 201)

    def _amo_upload_view(self, identifier: str) -> dict[str, Any]:
        upload = self.state.amo_uploads[identifier]
        processed = upload["polls"] <= 0
        invalid = self.state.amo_invalid
        return {
            "uuid": identifier,
            "channel": upload["channel"],
            "processed": processed,
            "submitted": False,
            "url": f"{self.base}/amo/api/v5/addons/upload/{identifier}/",
            "valid": processed and not invalid,
            "validation": {
                "errors": sum(m.get("type") == "error" for m in invalid),
                "warnings": sum(m.get("type") == "warning" for m in invalid),
                "messages": invalid,
            }
            if processed
            else None,
            "version": upload["version"],
        }

    async def amo_upload_status(self, request: Request, body: bytes) -> Response:
        if (refused := self._amo_auth(request)) is not None:
            return refused
        identifier = request.path_params["uuid"]
        if identifier not in self.state.amo_uploads:
            return JSONResponse({"detail": "Not found."}, 404)
        self.state.amo_uploads[identifier]["polls"] -= 1
        return JSONResponse(self._amo_upload_view(identifier))

    def _amo_new_version(self, guid: str, wanted: dict[str, Any]) -> dict[str, Any] | Response:
        upload = self.state.amo_uploads.get(str(wanted.get("upload")))
        if upload is None:
            return JSONResponse({"upload": ["Upload not found."]}, 400)
        version = upload["version"]
        if version in self.state.amo_addons.setdefault(guid, []):
            return JSONResponse({"version": [f"Version {version} already exists."]}, 409)
        self.state.amo_addons[guid].append(version)
        vid = len(self.state.amo_versions) + 1
        view = {
            "id": vid,
            "version": version,
            "channel": upload["channel"],
            "release_notes": wanted.get("release_notes"),
            "file": {"id": vid, "status": "unreviewed", "url": None},
            "polls": self.state.amo_signing_polls,
        }
        self.state.amo_versions[vid] = view
        return view

    async def amo_create_version(self, request: Request, body: bytes) -> Response:
        if (refused := self._amo_auth(request)) is not None:
            return refused
        guid = request.path_params["guid"]
        if guid not in self.state.amo_addons:
            return JSONResponse({"detail": "Not found."}, 404)
        made = self._amo_new_version(guid, json.loads(body or b"{}"))
        return made if isinstance(made, Response) else JSONResponse(_public(made), 201)

    async def amo_addon(self, request: Request, body: bytes) -> Response:
        if (refused := self._amo_auth(request)) is not None:
            return refused
        guid = request.path_params["guid"]
        if request.method == "GET":
            if guid not in self.state.amo_addons:
                return JSONResponse({"detail": "Not found."}, 404)
            current = None
            if self.state.amo_published is not None:
                version = _manifest_version(self.state.amo_published)
                url = f"{self.base}/amo/downloads/published.xpi"
                current = {"id": 1, "version": version, "file": {"id": 1, "status": "public", "url": url}}
            return JSONResponse({"guid": guid, "current_version": current})
        if guid in self.state.amo_addons:
            return JSONResponse({"detail": "An add-on with this guid exists; add a version to it."}, 400)
        wanted = json.loads(body or b"{}").get("version") or {}
        self.state.amo_addons[guid] = []
        made = self._amo_new_version(guid, wanted)
        if isinstance(made, Response):
            return made
        key = "current_version" if made["channel"] == "listed" else "latest_unlisted_version"
        return JSONResponse({"guid": guid, key: _public(made)}, 201)

    async def amo_version(self, request: Request, body: bytes) -> Response:
        if (refused := self._amo_auth(request)) is not None:
            return refused
        version = self.state.amo_versions.get(request.path_params["vid"])
        if version is None:
            return JSONResponse({"detail": "Not found."}, 404)
        if request.method == "PATCH":
            form = await request.form()
            source = form.get("source")
            if source is None or isinstance(source, str):
                return JSONResponse({"source": ["No file was submitted."]}, 400)
            self.state.amo_sources[version["id"]] = len(await source.read())
            return JSONResponse(_public(version))
        if version["channel"] == "unlisted":
            version["polls"] -= 1
            if version["polls"] < 0:
                version["file"] = {
                    "id": version["id"],
                    "status": "public",
                    "url": f"{self.base}/amo/downloads/{version['id']}/signed.xpi",
                }
        return JSONResponse(_public(version))

    async def amo_download(self, request: Request, body: bytes) -> Response:
        here = request.headers.get("host", "")
        if here.startswith("127.0.0.1"):  # the API host: the file lives on the CDN, as AMO's does
            target = f"{self.state.amo_download_host}{request.url.path}"
            return Response(status_code=302, headers={"location": target})
        return Response(b"PK\x05\x06" + b"\x00" * 18, media_type="application/x-xpinstall")

    async def amo_published(self, request: Request, body: bytes) -> Response:
        if (refused := self._amo_auth(request)) is not None:
            return refused
        return Response(self.state.amo_published or b"", media_type="application/x-xpinstall")

    # -- Microsoft Edge Add-ons API v1.1 -----------------------------------------------------------------

    def _edge_auth(self, request: Request) -> Response | None:
        if (
            request.headers.get("authorization") != f"ApiKey {self.secrets.edge_api_key}"
            or request.headers.get("x-clientid") != self.secrets.edge_client_id
        ):
            return JSONResponse({"message": "Unauthorized: the API key or client ID is not valid."}, 401)
        if request.path_params["pid"] not in self.state.edge_products:
            return JSONResponse({"message": "Product not found."}, 404)
        return None

    def _edge_operation(self, kind: str) -> Response:
        op = uuid.uuid4().hex
        self.state.edge_operations[op] = {"kind": kind, "polls": self.state.edge_polls}
        return Response(status_code=202, headers={"location": op})

    async def edge_upload(self, request: Request, body: bytes) -> Response:
        if (refused := self._edge_auth(request)) is not None:
            return refused
        if request.headers.get("content-type") != "application/zip" or _manifest_version(body) is None:
            return JSONResponse({"message": "The package must be a zip with a manifest.json."}, 400)
        self.state.edge_uploaded[request.path_params["pid"]] = len(body)
        return self._edge_operation("upload")

    async def edge_publish(self, request: Request, body: bytes) -> Response:
        if (refused := self._edge_auth(request)) is not None:
            return refused
        self.state.edge_notes[request.path_params["pid"]] = json.loads(body or b"{}").get("notes", "")
        return self._edge_operation("publish")

    async def edge_operation(self, request: Request, body: bytes) -> Response:
        if (refused := self._edge_auth(request)) is not None:
            return refused
        op = self.state.edge_operations.get(request.path_params["op"])
        if op is None:
            return JSONResponse({"message": "Operation not found."}, 404)
        op["polls"] -= 1
        base = {
            "id": request.path_params["op"],
            "createdTime": "2026-11-29T10:00:00Z",
            "lastUpdatedTime": "2026-11-29T10:00:05Z",
        }
        if op["polls"] >= 0:
            return JSONResponse({**base, "status": "InProgress", "message": None, "errorCode": None, "errors": None})
        failure = self.state.edge_failure
        if failure is not None and failure.get("kind", "publish") == op["kind"]:
            return JSONResponse({**base, "status": "Failed", **{k: v for k, v in failure.items() if k != "kind"}})
        message = "Successfully updated package." if op["kind"] == "upload" else "Successfully created submission."
        return JSONResponse({**base, "status": "Succeeded", "message": message, "errorCode": "", "errors": None})


def _public(version: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in version.items() if k != "polls"}


def _google_error(code: int, message: str, status: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message, "status": status}}, code)


def _manifest_version(package: bytes) -> str | None:
    try:
        with zipfile.ZipFile(io.BytesIO(package)) as archive:
            return str(json.loads(archive.read("manifest.json"))["version"])
    except (zipfile.BadZipFile, KeyError, ValueError):
        return None


def _version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split(".") if part.isdigit())


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
