"""The Microsoft Edge Add-ons API v1.1 (learn.microsoft.com/microsoft-edge/extensions/update/api/using-addons-api):
`Authorization: ApiKey …` and `X-ClientID` on every request; the zip uploaded to the product's draft (202, the
operation ID in Location), the operation polled until Succeeded or Failed; then the draft published with its
certification notes (another operation, polled the same way).
"""

from __future__ import annotations

from typing import Any

import httpx

from toolchain.submit.credentials import CREDENTIALS, StoreAccess
from toolchain.submit.store import PlannedRequest, Polling, StorePath, StoreResult, Submission
from toolchain.submit.transport import Transport, json_body, upload_progress

#: The errorCode values the API documents, and what to do about each.
ERROR_ADVICE = {
    "InProgressSubmission": "another submission is in review: wait for it, or cancel it in Partner Center",
    "UnpublishInProgress": "the extension is being unpublished: wait until that ends",
    "NoModulesUpdated": "the draft is the same as the published version: raise [extension] version and package again",
    "CreateNotAllowed": "the API cannot create a product: submit the first version in Partner Center",
    "SubmissionValidationError": "Partner Center's validation failed: its messages follow",
    "PackageValidationError": "the package failed validation: its messages follow",
    "InvalidPackage": "the zip is not a package Edge accepts",
}


class EdgeAddons(StorePath):
    store = "edge"

    def plan(self, submission: Submission, access: StoreAccess) -> list[PlannedRequest]:
        product = f"{access.endpoints['api_url']}/v1/products/{submission.settings.product_id}/submissions"
        names = CREDENTIALS["edge"]
        size = submission.package.stat().st_size
        notes = submission.settings.notes
        return [
            PlannedRequest(
                "POST",
                f"{product}/draft/package",
                f"{submission.package.name} ({size:,} bytes); with {names['api_key'][0]} and {names['client_id'][0]}",
            ),
            PlannedRequest("GET", f"{product}/draft/package/operations/<id>", "(until the upload is processed)"),
            PlannedRequest("POST", product, f"notes: {notes!r}" if notes else "(no notes)"),
            PlannedRequest("GET", f"{product}/operations/<id>", "(until the submission is accepted)"),
        ]

    def submit(
        self, submission: Submission, access: StoreAccess, transport: Transport, polling: Polling
    ) -> StoreResult:
        product = f"{access.endpoints['api_url']}/v1/products/{submission.settings.product_id}/submissions"
        auth = {"Authorization": f"ApiKey {access.values['api_key']}", "X-ClientID": access.values["client_id"]}
        uploaded = transport.request(
            "POST",
            f"{product}/draft/package",
            what="upload the zip",
            headers={**auth, "Content-Type": "application/zip"},
            body=submission.package.read_bytes(),
            idempotent=True,
            progress=upload_progress("edge", transport.log),
        )
        operation = self._operation_id(uploaded, transport, "upload the zip", submission)
        self._wait(
            f"{product}/draft/package/operations/{operation}", auth, transport, polling, "the upload", submission
        )
        body: dict[str, Any] = {"notes": submission.settings.notes or ""}
        published = transport.request("POST", product, what="publish", headers=auth, json=body)
        operation = self._operation_id(published, transport, "publish", submission)
        done = self._wait(f"{product}/operations/{operation}", auth, transport, polling, "the submission", submission)
        details = [f"version {submission.version} submitted to product {submission.settings.product_id}"]
        if done.get("message"):
            details.append(str(done["message"]))
        return StoreResult("edge", "submitted for review", details)

    def _operation_id(self, response: httpx.Response, transport: Transport, what: str, submission: Submission) -> str:
        if response.status_code == 202 and response.headers.get("location"):
            return response.headers["location"].rstrip("/").rsplit("/", 1)[-1]
        self._refused(response, transport, what, submission)
        raise transport._error(f"{what}: HTTP {response.status_code} without an operation ID")

    def _wait(
        self, url: str, auth: dict[str, str], transport: Transport, polling: Polling, what: str, submission: Submission
    ) -> dict[str, Any]:
        def status() -> dict[str, Any] | None:
            response = transport.request("GET", url, what=what, headers=auth, idempotent=True)
            if response.status_code != 200:
                self._refused(response, transport, what, submission)
            found = json_body(response, transport, what)
            state = found.get("status")
            if state == "Failed":
                raise transport._error(self._failure(what, found))
            return found if state == "Succeeded" else None

        result: dict[str, Any] = polling.until(status, what=what, transport=transport)
        return result

    @staticmethod
    def _failure(what: str, operation: dict[str, Any]) -> str:
        code = str(operation.get("errorCode") or "")
        lines = [f"{what} failed: {operation.get('message') or code or 'no message'}"]
        if code in ERROR_ADVICE:
            lines.append(f"  {code}: {ERROR_ADVICE[code]}")
        for error in operation.get("errors") or []:
            text = error.get("message") if isinstance(error, dict) else error
            if text:
                lines.append(f"  {text}")
        return "\n".join(lines)

    def _refused(self, response: httpx.Response, transport: Transport, what: str, submission: Submission) -> None:
        status = response.status_code
        try:
            body = response.json()
        except ValueError:
            body = {"message": response.text[:300]}
        if not isinstance(body, dict):
            body = {"message": str(body)}
        if status in (401, 403):
            raise transport._error(
                f"{what}: Edge refused the credentials (HTTP {status}: {body.get('message') or ''}): API keys expire "
                "after 72 days; make a new one in Partner Center (Publish API) and set XTK_EDGE_API_KEY",
                exit_code=2,
            )
        if status == 404:
            raise transport._error(
                f"{what}: no product {submission.settings.product_id} ([submit.edge] product_id in xtk.toml) "
                "for this client ID"
            )
        if status == 409 or body.get("errorCode"):
            raise transport._error(self._failure(what, body))
        raise transport._error(f"{what}: HTTP {status}: {body.get('message') or body}")
