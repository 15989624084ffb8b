"""addons.mozilla.org's API v5 (mozilla.github.io/addons-server/topics/api/addons.html): every request signed with
a fresh JWT (HS256, issuer and secret, 60 s); the package uploaded to `addons/upload/` (polled until processed,
its validation messages said when it is not valid); the version created on the add-on (or the add-on created, for
its first version) with release and reviewer notes; the sources zip attached to that version; for an unlisted
add-on, the version polled until signed and the signed .xpi downloaded.
"""

from __future__ import annotations

import secrets as random_source
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx

from toolchain.submit.credentials import CREDENTIALS, StoreAccess
from toolchain.submit.store import PlannedRequest, Polling, StorePath, StoreResult, Submission
from toolchain.submit.transport import Transport, json_body

#: A signed .xpi larger than this is not one AMO made (AMO's own limit is 200 MB).
SIGNED_LIMIT = 250 * 1024 * 1024


def jwt_header(access: StoreAccess, transport: Transport) -> dict[str, str]:
    """`Authorization: JWT …` as AMO asks: iss, a unique jti, iat, exp 60 s later."""
    import jwt

    now = int(time.time())
    claims = {"iss": access.values["jwt_issuer"], "jti": random_source.token_hex(16), "iat": now, "exp": now + 60}
    token = jwt.encode(claims, access.values["jwt_secret"], algorithm="HS256")
    return {"Authorization": f"JWT {transport.secrets.add(token)}"}


class AddonsMozillaOrg(StorePath):
    store = "firefox"

    def published_manifest(
        self, submission: Submission, access: StoreAccess, transport: Transport
    ) -> tuple[str, dict[str, Any]] | None:
        """The listed version AMO serves now, as (its version, its manifest), for the install-warning diff; None
        when the add-on has none yet."""
        import io
        import json
        import zipfile

        api = f"{access.endpoints['api_url']}/api/v5/addons"
        addon = quote(submission.gecko_id or "", safe="@{}")
        response = transport.request(
            "GET",
            f"{api}/addon/{addon}/",
            what="the published version",
            headers=jwt_header(access, transport),
            idempotent=True,
        )
        if response.status_code == 404:
            return None
        current = self._answer(response, transport, "the published version", submission).get("current_version")
        if not isinstance(current, dict) or not isinstance(current.get("file"), dict) or not current["file"].get("url"):
            return None
        file = current["file"]
        content = transport.download(
            str(file["url"]),
            what="download the published .xpi",
            headers=jwt_header(access, transport),
            limit=SIGNED_LIMIT,
        )
        try:
            with zipfile.ZipFile(io.BytesIO(content)) as archive:
                manifest = json.loads(archive.read("manifest.json"))
        except (zipfile.BadZipFile, KeyError, ValueError):
            raise transport._error("the published .xpi AMO serves holds no readable manifest.json") from None
        if not isinstance(manifest, dict):
            raise transport._error("the published .xpi's manifest.json is not an object")
        return str(current.get("version") or "?"), manifest

    def plan(self, submission: Submission, access: StoreAccess) -> list[PlannedRequest]:
        api = f"{access.endpoints['api_url']}/api/v5/addons"
        addon = quote(submission.gecko_id or "", safe="@{}")
        settings = submission.settings
        names = CREDENTIALS["firefox"]
        signed = f"each signed with a JWT from {names['jwt_issuer'][0]} and {names['jwt_secret'][0]}"
        size = submission.package.stat().st_size
        planned = [
            PlannedRequest(
                "POST",
                f"{api}/upload/",
                f"{submission.package.name} ({size:,} bytes), channel {settings.channel}; {signed}",
            ),
            PlannedRequest("GET", f"{api}/upload/<uuid>/", "(until AMO has validated it)"),
            PlannedRequest(
                "POST",
                f"{api}/addon/{addon}/versions/",
                "the version"
                + (", release notes" if settings.release_notes else "")
                + (", notes for the reviewer" if settings.approval_notes else ""),
            ),
        ]
        if submission.sources is not None:
            sources_size = submission.sources.stat().st_size
            planned.append(
                PlannedRequest(
                    "PATCH",
                    f"{api}/addon/{addon}/versions/<id>/",
                    f"{submission.sources.name} ({sources_size:,} bytes)",
                )
            )
        if settings.channel == "unlisted":
            planned.append(
                PlannedRequest("GET", f"{api}/addon/{addon}/versions/<id>/", "(until signed), then the .xpi")
            )
        return planned

    def submit(
        self, submission: Submission, access: StoreAccess, transport: Transport, polling: Polling
    ) -> StoreResult:
        api = f"{access.endpoints['api_url']}/api/v5/addons"
        addon = quote(submission.gecko_id or "", safe="@{}")
        settings = submission.settings
        package = submission.package.read_bytes()
        uploaded = self._answer(
            transport.request(
                "POST",
                f"{api}/upload/",
                what="upload the .xpi",
                headers=jwt_header(access, transport),
                files={"upload": (submission.package.name, package, "application/zip")},
                data={"channel": settings.channel},
                idempotent=True,
            ),
            transport,
            "upload the .xpi",
            submission,
        )
        transport.log(f"firefox: uploaded {len(package):,} bytes")  # one multipart request: no progress within it
        uuid = str(uploaded.get("uuid") or "")
        if not uuid:
            raise transport._error("upload the .xpi: AMO's answer has no upload uuid")

        def processed() -> dict[str, Any] | None:
            found = self._answer(
                transport.request(
                    "GET",
                    f"{api}/upload/{uuid}/",
                    what="validation",
                    headers=jwt_header(access, transport),
                    idempotent=True,
                ),
                transport,
                "validation",
                submission,
            )
            return found if found.get("processed") else None

        done = (
            uploaded
            if uploaded.get("processed")
            else polling.until(processed, what="AMO's validation", transport=transport)
        )
        if not done.get("valid"):
            raise transport._error(self._validation_failure(done))
        version_body: dict[str, Any] = {"upload": uuid}
        if settings.release_notes:
            version_body["release_notes"] = {"en-US": settings.release_notes}
        if settings.approval_notes:
            version_body["approval_notes"] = settings.approval_notes
        created = transport.request(
            "POST",
            f"{api}/addon/{addon}/versions/",
            what="create the version",
            headers=jwt_header(access, transport),
            json=version_body,
        )
        if created.status_code == 404:  # the add-on's first version: the add-on is created with it
            created = transport.request(
                "PUT",
                f"{api}/addon/{addon}/",
                what="create the add-on",
                headers=jwt_header(access, transport),
                json={"version": version_body},
            )
            body = self._answer(created, transport, "create the add-on", submission)
            version = body.get("current_version") or body.get("latest_unlisted_version") or {}
        else:
            version = self._answer(created, transport, "create the version", submission)
        version_id = version.get("id")
        if version_id is None:
            raise transport._error("create the version: AMO's answer has no version id")
        details = [
            f"version {version.get('version') or submission.version} ({settings.channel}) "
            f"on add-on {submission.gecko_id}"
        ]
        if submission.sources is not None:
            self._answer(
                transport.request(
                    "PATCH",
                    f"{api}/addon/{addon}/versions/{version_id}/",
                    what="attach the sources zip",
                    headers=jwt_header(access, transport),
                    files={"source": (submission.sources.name, submission.sources.read_bytes(), "application/zip")},
                    idempotent=True,
                ),
                transport,
                "attach the sources zip",
                submission,
            )
            details.append(f"sources attached: {submission.sources.name}")
        if settings.channel == "listed":
            return StoreResult("firefox", "submitted for review", details)
        signed = self._signed_file(api, addon, version_id, access, transport, polling, submission)
        return StoreResult("firefox", "signed", details + [f"signed .xpi: {signed.name}"], signed=signed)

    def _signed_file(
        self,
        api: str,
        addon: str,
        version_id: object,
        access: StoreAccess,
        transport: Transport,
        polling: Polling,
        submission: Submission,
    ) -> Path:
        def signed_url() -> str | None:
            version = self._answer(
                transport.request(
                    "GET",
                    f"{api}/addon/{addon}/versions/{version_id}/",
                    what="signing",
                    headers=jwt_header(access, transport),
                    idempotent=True,
                ),
                transport,
                "signing",
                submission,
            )
            file = version.get("file") or {}
            if file.get("status") == "disabled":
                raise transport._error("signing: AMO disabled the file (rejected); its developer hub says why")
            return str(file["url"]) if file.get("status") == "public" and file.get("url") else None

        url = polling.until(signed_url, what="AMO's signing", transport=transport)
        content = transport.download(
            url, what="download the signed .xpi", headers=jwt_header(access, transport), limit=SIGNED_LIMIT
        )
        target = (submission.signed_dir or submission.package.parent) / submission.package.name.replace(
            ".zip", "-signed.xpi"
        )
        target.write_bytes(content)
        return target

    @staticmethod
    def _validation_failure(upload: dict[str, Any]) -> str:
        validation = upload.get("validation") or {}
        lines = []
        for message in (validation.get("messages") or [])[:20]:
            if not isinstance(message, dict) or message.get("type") != "error":
                continue
            where = message.get("file") or ""
            if where and message.get("line"):
                where += f":{message['line']}"
            text = message.get("message") or message.get("id")
            lines.append(f"  {where + ': ' if where else ''}{text}")
        errors = (validation.get("errors") if isinstance(validation, dict) else None) or len(lines)
        return "AMO's validation failed ({} error{}); nothing was submitted:\n{}".format(
            errors, "" if errors == 1 else "s", "\n".join(lines) or "  (AMO gave no message)"
        )

    def _answer(
        self, response: httpx.Response, transport: Transport, what: str, submission: Submission
    ) -> dict[str, Any]:
        if response.status_code in (200, 201, 202):
            return json_body(response, transport, what)
        try:
            body = response.json()
        except ValueError:
            body = response.text[:300]
        message = _amo_message(body)
        status = response.status_code
        if status == 401 or (status == 403 and "signature" in message.lower()):
            raise transport._error(
                f"{what}: AMO refused the credentials (HTTP {status}: {message}): check XTK_AMO_JWT_ISSUER and "
                "XTK_AMO_JWT_SECRET (addons.mozilla.org/developers/addon/api/key/), and this machine's clock",
                exit_code=2,
            )
        if status == 403:
            raise transport._error(
                f"{what}: AMO says this account may not change add-on {submission.gecko_id}: {message}"
            )
        if status == 409 or "already exists" in message.lower():
            raise transport._error(
                f"{what}: version {submission.version} is already on AMO ({message}): raise [extension] version "
                "in xtk.toml"
            )
        raise transport._error(f"{what}: HTTP {status}: {message}")


def _amo_message(body: object) -> str:
    """AMO's errors: {"detail": "..."}, {"field": ["..."]}, {"non_field_errors": ["..."]} or a list."""
    if isinstance(body, dict):
        if isinstance(body.get("detail"), str):
            return body["detail"]
        parts = []
        for key, value in body.items():
            texts = value if isinstance(value, list) else [value]
            shown = "; ".join(str(t) for t in texts)
            parts.append(shown if key in ("non_field_errors", "error") else f"{key}: {shown}")
        return " · ".join(parts) or "(no message)"
    if isinstance(body, list):
        return "; ".join(str(item) for item in body)
    return str(body)
