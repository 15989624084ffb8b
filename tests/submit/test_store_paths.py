"""Each store's path against its local fake (tests/submit/fake_stores.py): the documented requests in order, and
every failure a store gives — refused credentials (401), a conflict (409), rate limits (429 with Retry-After), server
errors (5xx), validation errors, timeouts and a slow upload — answered with what to do; no credential ever appears
in what xtk says."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.submit.conftest import CHROME_ITEM, EDGE_PRODUCT, GECKO_ID, Release
from tests.submit.fake_stores import Failure, FakeStores
from toolchain.project.models import ChromeSubmit, EdgeSubmit, FirefoxSubmit
from toolchain.submit.credentials import load_credentials
from toolchain.submit.run import store_paths
from toolchain.submit.store import Polling, StoreResult, Submission
from toolchain.submit.transport import StoreError, Transport, TransportSettings

pytestmark = pytest.mark.node


@dataclass
class Said:
    """Everything xtk said during a submission: its log lines and, when it failed, the error."""

    lines: list[str] = field(default_factory=list)
    error: StoreError | None = None

    @property
    def text(self) -> str:
        messages = [d.message for d in self.error.diagnostics] if self.error else []
        return "\n".join(self.lines + messages)


def settings_for(store: str, **changes: object) -> object:
    if store == "chrome":
        return ChromeSubmit(extension_id=CHROME_ITEM, publisher_id="publisher-1", **changes)  # type: ignore[arg-type]
    if store == "firefox":
        return FirefoxSubmit(**changes)  # type: ignore[arg-type]
    return EdgeSubmit(product_id=EDGE_PRODUCT, **changes)  # type: ignore[arg-type]


def send(
    stores: FakeStores,
    release: Release,
    store: str,
    *,
    timeout: float = 5.0,
    retries: int = 3,
    environment: dict[str, str] | None = None,
    **settings: object,
) -> tuple[StoreResult | None, Said]:
    environ = {**stores.environment(), **(environment or {})}
    credentials = load_credentials(None, base_dir=release.project, packaged_folders=(), environ=environ)
    said = Said()
    transport = Transport(store, credentials.secrets, TransportSettings(timeout, retries, 0.01), said.lines.append)
    submission = Submission(
        store=store,
        package=release.zips[store],
        version="0.1.0",
        settings=settings_for(store, **settings),
        sources=release.zips["sources"] if store == "firefox" else None,
        gecko_id=GECKO_ID,
        signed_dir=release.project / "dist",
    )
    result = None
    try:
        result = store_paths()[store].submit(
            submission, credentials.stores[store], transport, Polling(interval=0.01, limit=3)
        )
    except StoreError as error:
        said.error = error
    finally:
        transport.close()
    for secret in stores.secrets.all():
        assert secret not in said.text, "a credential in what xtk said"
    return result, said


def error_of(said: Said) -> str:
    assert said.error is not None, f"no error; said: {said.lines}"
    return said.text


# -- the documented requests ---------------------------------------------------------------------------------


def test_chrome_uploads_publishes_with_the_rollout_and_reports_the_review_state(
    stores: FakeStores, release: Release
) -> None:
    result, said = send(stores, release, "chrome", deploy_percentage=25)
    assert result is not None, said.text
    assert stores.steps() == ["chrome.token", "chrome.upload", "chrome.publish", "chrome.fetchStatus"]
    assert stores.state.chrome_published[CHROME_ITEM] == {
        "publishType": "DEFAULT_PUBLISH",
        "deployInfos": [{"deployPercentage": 25}],
    }
    assert result.status == "submitted for review"
    assert "rollout 25 % of users" in result.details
    assert any("uploaded" in line and "100 %" in line for line in said.lines)


def test_chrome_polls_an_upload_still_in_progress_and_stages_when_asked(stores: FakeStores, release: Release) -> None:
    stores.state.chrome_async_polls = 2
    result, said = send(stores, release, "chrome", publish_type="staged")
    assert result is not None, said.text
    # two IN_PROGRESS, one SUCCEEDED, then the review status after publishing
    assert stores.steps().count("chrome.fetchStatus") == 4
    assert stores.state.chrome_published[CHROME_ITEM]["publishType"] == "STAGED_PUBLISH"


def test_amo_uploads_creates_the_version_with_its_notes_and_attaches_the_sources(
    stores: FakeStores, release: Release
) -> None:
    result, said = send(stores, release, "firefox", release_notes="Faster answers.")
    assert result is not None, said.text
    assert stores.steps() == ["amo.upload", "amo.validation", "amo.version", "amo.version_detail"]
    version = stores.state.amo_versions[1]
    assert version["release_notes"] == {"en-US": "Faster answers."}
    assert stores.state.amo_sources[1] == release.zips["sources"].stat().st_size
    assert result.status == "submitted for review"
    authorization = [r.headers.get("authorization", "") for r in stores.requests]
    assert all(a.startswith("JWT ") for a in authorization)
    assert len(set(authorization)) == len(authorization), "each request has a JWT of its own (a unique jti)"


def test_amo_creates_the_add_on_with_its_first_version(stores: FakeStores, release: Release) -> None:
    del stores.state.amo_addons[GECKO_ID]
    result, said = send(stores, release, "firefox", channel="unlisted")
    assert result is not None, said.text
    assert "amo.addon" in stores.steps()
    assert stores.state.amo_addons[GECKO_ID] == ["0.1.0"]


def test_amo_unlisted_waits_for_signing_and_downloads_the_signed_xpi_without_sending_credentials_elsewhere(
    stores: FakeStores, release: Release
) -> None:
    stores.state.amo_signing_polls = 2
    result, said = send(stores, release, "firefox", channel="unlisted")
    assert result is not None and result.signed is not None, said.text
    assert result.status == "signed"
    assert result.signed.read_bytes().startswith(b"PK")
    downloads = [r for r in stores.requests if r.step == "amo.download"]
    assert [d.host.split(":")[0] for d in downloads] == ["127.0.0.1", "localhost"]  # the API host redirects
    assert "authorization" in downloads[0].headers
    assert "authorization" not in downloads[1].headers, "the JWT went to another host"
    result.signed.unlink()


def test_edge_uploads_waits_for_the_operation_and_publishes_with_notes(stores: FakeStores, release: Release) -> None:
    stores.state.edge_polls = 2
    result, said = send(stores, release, "edge", notes="No new permissions.")
    assert result is not None, said.text
    steps = stores.steps()
    assert steps[0] == "edge.upload" and steps.count("edge.upload_status") == 3
    assert steps[-4] == "edge.publish" and steps.count("edge.publish_status") == 3
    assert stores.state.edge_uploaded[EDGE_PRODUCT] == release.zips["edge"].stat().st_size
    assert stores.state.edge_notes[EDGE_PRODUCT] == "No new permissions."
    assert all(r.headers["authorization"].startswith("ApiKey ") for r in stores.requests)


# -- refused credentials (401) ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("store", "variable", "advice"),
    [
        ("chrome", "XTK_CHROME_REFRESH_TOKEN", "make a new refresh token"),
        ("firefox", "XTK_AMO_JWT_SECRET", "check XTK_AMO_JWT_ISSUER and XTK_AMO_JWT_SECRET"),
        ("edge", "XTK_EDGE_API_KEY", "API keys expire after 72 days"),
    ],
)
def test_refused_credentials_say_which_to_renew_and_exit_2(
    stores: FakeStores, release: Release, store: str, variable: str, advice: str
) -> None:
    wrong = "expired-credential-value-0000-1111-2222-3333"
    result, said = send(stores, release, store, environment={variable: wrong})
    assert result is None
    assert advice in error_of(said)
    assert said.error is not None and said.error.exit_code == 2
    assert wrong not in said.text


def test_chrome_refuses_an_expired_access_token_at_upload(stores: FakeStores, release: Release) -> None:
    stores.fail("chrome.upload", Failure(401, {"error": {"code": 401, "message": "Request had invalid credentials."}}))
    _, said = send(stores, release, "chrome")
    assert "the account behind XTK_CHROME_REFRESH_TOKEN must own the item" in error_of(said)


# -- conflicts and versions (409, 400) ---------------------------------------------------------------------


def test_chrome_version_not_above_the_published_one_says_to_raise_it(stores: FakeStores, release: Release) -> None:
    stores.state.chrome_items[CHROME_ITEM] = "0.1.0"
    _, said = send(stores, release, "chrome")
    text = error_of(said)
    assert "refuses version 0.1.0" in text and "raise [extension] version" in text
    assert "chrome.publish" not in stores.steps()


def test_chrome_409_says_another_submission_is_in_review(stores: FakeStores, release: Release) -> None:
    stores.fail("chrome.publish", Failure(409, {"error": {"code": 409, "message": "Item has a pending submission."}}))
    _, said = send(stores, release, "chrome")
    assert "another submission is in review" in error_of(said)


def test_amo_version_that_exists_409_says_to_raise_it(stores: FakeStores, release: Release) -> None:
    stores.state.amo_addons[GECKO_ID].append("0.1.0")
    _, said = send(stores, release, "firefox")
    assert "version 0.1.0 is already on AMO" in error_of(said)


def test_edge_submission_in_progress_is_named_with_what_to_do(stores: FakeStores, release: Release) -> None:
    stores.state.edge_failure = {
        "kind": "publish",
        "message": "Can't create new submission.",
        "errorCode": "InProgressSubmission",
        "errors": [{"message": "An in-progress submission is already present."}],
    }
    _, said = send(stores, release, "edge")
    text = error_of(said)
    assert "InProgressSubmission: another submission is in review" in text
    assert "An in-progress submission is already present." in text


# -- validation errors -------------------------------------------------------------------------------------


def test_amo_validation_errors_are_listed_with_file_and_line(stores: FakeStores, release: Release) -> None:
    stores.state.amo_invalid = [
        {"type": "error", "message": '"/permissions" has an unknown value', "file": "manifest.json", "line": 12},
        {"type": "warning", "message": "a warning is not an error", "file": "background.js"},
    ]
    _, said = send(stores, release, "firefox")
    text = error_of(said)
    assert "AMO's validation failed (1 error)" in text
    assert 'manifest.json:12: "/permissions" has an unknown value' in text
    assert "a warning" not in text
    assert "amo.version" not in stores.steps()


def test_edge_package_validation_failure_lists_its_errors(stores: FakeStores, release: Release) -> None:
    stores.state.edge_failure = {
        "kind": "upload",
        "message": "Package validation failed.",
        "errorCode": "PackageValidationError",
        "errors": [{"message": "manifest.json: the icon 128 is missing."}],
    }
    _, said = send(stores, release, "edge")
    text = error_of(said)
    assert "the upload failed: Package validation failed." in text
    assert "manifest.json: the icon 128 is missing." in text
    assert "edge.publish" not in stores.steps()


# -- rate limits, server errors, timeouts, a slow upload ---------------------------------------------------


def test_429_is_retried_after_the_wait_retry_after_gives(stores: FakeStores, release: Release) -> None:
    stores.fail("edge.upload", Failure(429, {"message": "Too many requests"}, {"Retry-After": "0"}), times=2)
    result, said = send(stores, release, "edge")
    assert result is not None, said.text
    assert stores.steps()[:3] == ["edge.upload"] * 3
    assert [line for line in said.lines if "HTTP 429; retrying in 0 s" in line] != []


def test_a_retry_after_longer_than_five_minutes_is_not_waited(stores: FakeStores, release: Release) -> None:
    stores.fail(
        "amo.upload",
        Failure(429, {"detail": "Request was throttled. Expected available in 3600 seconds."}, {"Retry-After": "3600"}),
    )
    _, said = send(stores, release, "firefox")
    assert "Request was throttled" in error_of(said)
    assert stores.steps() == ["amo.upload"]


def test_5xx_is_retried_with_backoff_then_said(stores: FakeStores, release: Release) -> None:
    stores.fail("chrome.upload", Failure(503, {"error": {"code": 503, "message": "The service is unavailable."}}), 9)
    _, said = send(stores, release, "chrome", retries=2)
    assert "HTTP 503: The service is unavailable." in error_of(said)
    assert stores.steps().count("chrome.upload") == 3
    waits = [line for line in said.lines if "retrying in" in line]
    assert [w.split("retrying in ")[1].split(" s")[0] for w in waits] == ["0.01", "0.02"]  # doubled each time


def test_a_500_on_publish_is_not_repeated(stores: FakeStores, release: Release) -> None:
    """A publish the store may have taken is not sent twice: a second submission would be refused, or doubled."""
    stores.fail("chrome.publish", Failure(500, {"error": {"code": 500, "message": "Internal error."}}))
    _, said = send(stores, release, "chrome")
    assert "HTTP 500: Internal error." in error_of(said)
    assert stores.steps().count("chrome.publish") == 1


def test_a_store_that_does_not_answer_times_out_naming_the_setting(stores: FakeStores, release: Release) -> None:
    stores.fail("edge.publish", Failure(delay=1.5))
    _, said = send(stores, release, "edge", timeout=0.5)
    text = error_of(said)
    assert "publish: no answer for 0.5 s" in text and "XTK_SUBMIT_TIMEOUT" in text


def test_a_slow_upload_that_keeps_moving_completes(stores: FakeStores, release: Release) -> None:
    stores.fail("chrome.upload", Failure(delay=0.4))  # answers, slowly, within the timeout
    result, said = send(stores, release, "chrome", timeout=2)
    assert result is not None, said.text
    assert [line for line in said.lines if "(100 %)" in line]


def test_an_api_redirect_is_refused_without_following_it(stores: FakeStores, release: Release) -> None:
    stores.fail("edge.upload", Failure(307, {}, {"location": "https://elsewhere.example/upload"}))
    _, said = send(stores, release, "edge")
    text = error_of(said)
    assert "redirect to https://elsewhere.example/upload; not followed" in text
    assert len(stores.requests) == 1


def test_a_store_answering_something_not_json_is_quoted(stores: FakeStores, release: Release) -> None:
    stores.fail("chrome.token", Failure(200, "<html>captive portal</html>"))
    _, said = send(stores, release, "chrome")
    assert "get an access token" in error_of(said)


def test_secrets_are_hidden_even_when_a_store_echoes_them(stores: FakeStores, release: Release) -> None:
    echoed = {"message": f"bad key {stores.secrets.edge_api_key} for {stores.secrets.edge_client_id}"}
    stores.fail("edge.upload", Failure(400, echoed))
    _, said = send(stores, release, "edge")
    assert "bad key *** for ***" in error_of(said)


def test_the_fake_answers_json_as_the_store_does(stores: FakeStores) -> None:
    """The fakes' own contract: Google's error envelope, AMO's detail, Edge's message."""
    import httpx

    google = httpx.post(f"{stores.base}/chrome/v2/publishers/p/items/i:publish", json={})
    assert google.status_code == 401 and google.json()["error"]["status"] == "UNAUTHENTICATED"
    amo = httpx.post(f"{stores.base}/amo/api/v5/addons/upload/")
    assert amo.status_code == 401 and "detail" in amo.json()
    edge = httpx.post(f"{stores.base}/edge/v1/products/{EDGE_PRODUCT}/submissions", json={})
    assert edge.status_code == 401 and json.loads(edge.text)["message"].startswith("Unauthorized")


def test_no_credential_is_in_any_zip(release: Release, stores: FakeStores) -> None:
    import zipfile

    for path in release.zips.values():
        with zipfile.ZipFile(path) as archive:
            content = b"".join(archive.read(name) for name in archive.namelist())
        for secret in stores.secrets.all():
            assert secret.encode() not in content, f"{secret} in {Path(path).name}"
