"""The Chrome Web Store API v2 (developer.chrome.com/docs/webstore/api): an OAuth access token from the refresh
token, `media.upload` of the zip (polled with `fetchStatus` while IN_PROGRESS), `publish` (default or staged, with
the rollout percentage), then the item's review status from `fetchStatus`.

The API cannot create an item: the first version goes through the dashboard.
"""

from __future__ import annotations

import json
from typing import Any

import httpx

from toolchain.submit.credentials import CREDENTIALS, StoreAccess
from toolchain.submit.store import PlannedRequest, Polling, StorePath, StoreResult, Submission
from toolchain.submit.transport import Transport, json_body, upload_progress

#: ItemState → what it means to the developer
STATES = {
    "PENDING_REVIEW": "submitted for review",
    "STAGED": "approved and staged: publish it from the dashboard",
    "PUBLISHED": "published",
    "PUBLISHED_TO_TESTERS": "published to testers",
    "REJECTED": "rejected by review",
    "CANCELLED": "submission cancelled",
}


class ChromeWebStore(StorePath):
    store = "chrome"

    def _item(self, submission: Submission) -> str:
        settings = submission.settings
        return f"publishers/{settings.publisher_id}/items/{settings.extension_id}"

    def _publish_body(self, submission: Submission) -> dict[str, Any]:
        settings = submission.settings
        body: dict[str, Any] = {
            "publishType": "STAGED_PUBLISH" if settings.publish_type == "staged" else "DEFAULT_PUBLISH"
        }
        if settings.deploy_percentage is not None:
            body["deployInfos"] = [{"deployPercentage": settings.deploy_percentage}]
        return body

    def plan(self, submission: Submission, access: StoreAccess) -> list[PlannedRequest]:
        api, item = access.endpoints["api_url"], self._item(submission)
        names = CREDENTIALS["chrome"]
        size = submission.package.stat().st_size
        return [
            PlannedRequest(
                "POST",
                access.endpoints["token_url"],
                f"an access token for {names['refresh_token'][0]} (with {names['client_id'][0]}, "
                f"{names['client_secret'][0]})",
            ),
            PlannedRequest("POST", f"{api}/upload/v2/{item}:upload", f"{submission.package.name} ({size:,} bytes)"),
            PlannedRequest("POST", f"{api}/v2/{item}:publish", json.dumps(self._publish_body(submission))),
            PlannedRequest("GET", f"{api}/v2/{item}:fetchStatus", "(the item's review status)"),
        ]

    def submit(
        self, submission: Submission, access: StoreAccess, transport: Transport, polling: Polling
    ) -> StoreResult:
        api, item = access.endpoints["api_url"], self._item(submission)
        token = self._access_token(access, transport)
        auth = {"Authorization": f"Bearer {token}"}
        answer = self._answer(
            transport.request(
                "POST",
                f"{api}/upload/v2/{item}:upload",
                what="upload the zip",
                headers={**auth, "Content-Type": "application/zip", "X-Goog-Upload-Protocol": "raw"},
                body=submission.package.read_bytes(),
                idempotent=True,
                progress=upload_progress("chrome", transport.log),
            ),
            transport,
            "upload the zip",
            submission,
        )
        state = answer.get("uploadState")
        if state == "IN_PROGRESS":

            def upload_state() -> str | None:
                status = self._status(api, item, auth, transport, submission)
                found = status.get("lastAsyncUploadState")
                return None if found in (None, "IN_PROGRESS") else str(found)

            state = polling.until(upload_state, what="the upload's processing", transport=transport)
        if state != "SUCCEEDED":
            raise transport._error(
                f"upload the zip: the store says {state}: nothing was submitted; the dashboard shows why "
                "(chrome.google.com/webstore/devconsole)"
            )
        published = self._answer(
            transport.request(
                "POST", f"{api}/v2/{item}:publish", what="publish", headers=auth, json=self._publish_body(submission)
            ),
            transport,
            "publish",
            submission,
        )
        status = self._status(api, item, auth, transport, submission)
        submitted = status.get("submittedItemRevisionStatus") or {}
        state = str(submitted.get("state") or published.get("state") or "")
        details = [
            f"version {answer.get('crxVersion') or submission.version} uploaded "
            f"to item {submission.settings.extension_id}"
        ]
        for channel in submitted.get("distributionChannels") or []:
            if isinstance(channel, dict) and channel.get("deployPercentage") is not None:
                details.append(f"rollout {channel['deployPercentage']} % of users")
        warnings = published.get("warningInfo")
        if warnings:
            details.append(f"the store's warnings: {warnings}")
        return StoreResult("chrome", STATES.get(state, state.lower().replace("_", " ") or "submitted"), details)

    def _access_token(self, access: StoreAccess, transport: Transport) -> str:
        values = access.values
        response = transport.request(
            "POST",
            access.endpoints["token_url"],
            what="get an access token",
            data={
                "client_id": values["client_id"],
                "client_secret": values["client_secret"],
                "refresh_token": values["refresh_token"],
                "grant_type": "refresh_token",
            },
        )
        body = json_body(response, transport, "get an access token")
        if response.status_code != 200 or not isinstance(body.get("access_token"), str):
            reason = body.get("error_description") or body.get("error") or f"HTTP {response.status_code}"
            raise transport._error(
                f"Google refused the credentials ({reason}): the refresh token is expired or revoked, or the client "
                "ID and secret are not its own; make a new refresh token and set XTK_CHROME_REFRESH_TOKEN",
                exit_code=2,
            )
        return transport.secrets.add(body["access_token"])

    def _status(
        self, api: str, item: str, auth: dict[str, str], transport: Transport, submission: Submission
    ) -> dict[str, Any]:
        return self._answer(
            transport.request(
                "GET", f"{api}/v2/{item}:fetchStatus", what="fetch the status", headers=auth, idempotent=True
            ),
            transport,
            "fetch the status",
            submission,
        )

    def _answer(
        self, response: httpx.Response, transport: Transport, what: str, submission: Submission
    ) -> dict[str, Any]:
        body = json_body(response, transport, what)
        if response.status_code in (200, 201):
            return body
        error = body.get("error")
        message = str(error.get("message") if isinstance(error, dict) and error.get("message") else body)
        status = response.status_code
        if status in (401, 403):
            raise transport._error(
                f"{what}: the store refused the access (HTTP {status}: {message}): the account behind "
                "XTK_CHROME_REFRESH_TOKEN must own the item, with the chromewebstore scope",
                exit_code=2,
            )
        if status == 404:
            raise transport._error(
                f"{what}: no item {submission.settings.extension_id} under publisher "
                f"{submission.settings.publisher_id} ([submit.chrome] in xtk.toml); the API cannot create one: upload "
                "the first version in the dashboard"
            )
        if "version" in message.lower():
            raise transport._error(
                f"{what}: the store refuses version {submission.version} ({message}): raise [extension] version "
                "in xtk.toml above the published one"
            )
        if status == 409:
            raise transport._error(
                f"{what}: the store refuses it while another submission is in review ({message}): wait for the "
                "review, or cancel that submission in the dashboard"
            )
        raise transport._error(f"{what}: HTTP {status}: {message}")
