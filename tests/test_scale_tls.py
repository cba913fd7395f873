"""``--backend dask`` over TLS: a cluster that takes only encrypted connections from clients
whose certificate its authority signed (Dask's ``Security``, as docs/analytics.md gives it),
with certificates made for the test by trustme."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import trustme
from distributed import LocalCluster
from distributed.security import Security

from interpreter.cli import main
from interpreter.scale.cluster import QUIET_SCHEDULER

TIMINGS = re.compile(r'"(seconds|deals_per_second)": [0-9.]+')
ARGS = ("rubicon", "--deals", "8", "--shard-deals", "4", "--seed", "5")


@pytest.fixture(scope="module")
def authority(tmp_path_factory: pytest.TempPathFactory) -> tuple[trustme.CA, Path]:
    folder = tmp_path_factory.mktemp("tls")
    ca = trustme.CA()
    ca.cert_pem.write_to_path(folder / "ca.pem")
    return ca, folder


@pytest.fixture(scope="module")
def scheduler(authority: tuple[trustme.CA, Path]) -> Iterator[str]:
    """A scheduler and a worker of two threads in this process, over TLS on loopback."""
    ca, folder = authority
    ca.issue_cert("127.0.0.1", "localhost").private_key_and_cert_chain_pem.write_to_path(
        folder / "cluster.pem"
    )
    security = Security(
        tls_ca_file=str(folder / "ca.pem"),
        tls_scheduler_cert=str(folder / "cluster.pem"),
        tls_worker_cert=str(folder / "cluster.pem"),
        tls_client_cert=str(folder / "cluster.pem"),
        require_encryption=True,
    )
    with LocalCluster(
        n_workers=1,
        threads_per_worker=2,
        processes=False,
        protocol="tls://",
        host="127.0.0.1",
        security=security,
        dashboard_address=None,
        scheduler_kwargs=QUIET_SCHEDULER,
    ) as cluster:
        assert cluster.scheduler_address.startswith("tls://127.0.0.1:")
        yield cluster.scheduler_address


def simulated(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["simulate", *ARGS, *args, "--json"])
    captured = capsys.readouterr()
    return code, TIMINGS.sub(r'"\1": …', captured.out), captured.err


def test_a_client_of_the_authority_plays_the_shards_of_one_process(
    authority: tuple[trustme.CA, Path],
    scheduler: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The client's key in its certificate's file, then in a file of its own."""
    ca, folder = authority
    client = ca.issue_cert("a-client")
    client.private_key_and_cert_chain_pem.write_to_path(folder / "client.pem")
    client.cert_chain_pems[0].write_to_path(folder / "client-cert.pem")
    client.private_key_pem.write_to_path(folder / "client-key.pem")
    alone = simulated(capsys)
    assert alone[0] == 0 and json.loads(alone[1].replace("…", "0"))["deals"] >= 8
    tls = ["--backend", "dask", "--scheduler", scheduler, "--tls-ca-file", str(folder / "ca.pem")]
    assert simulated(capsys, *tls, "--tls-cert", str(folder / "client.pem")) == alone
    apart = [
        "--tls-cert",
        str(folder / "client-cert.pem"),
        "--tls-key",
        str(folder / "client-key.pem"),
    ]
    assert simulated(capsys, *tls, *apart) == alone


def test_a_client_of_another_authority_is_refused_in_one_line(
    authority: tuple[trustme.CA, Path],
    scheduler: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    monkeypatch.setattr("interpreter.scale.cluster.CONNECT_SECONDS", 2)
    stranger = trustme.CA()
    stranger.cert_pem.write_to_path(tmp_path / "ca.pem")
    cert = stranger.issue_cert("a-stranger").private_key_and_cert_chain_pem
    cert.write_to_path(tmp_path / "client.pem")
    tls = ["--tls-ca-file", str(tmp_path / "ca.pem"), "--tls-cert", str(tmp_path / "client.pem")]
    code, out, err = simulated(capsys, "--backend", "dask", "--scheduler", scheduler, *tls)
    assert code == 2 and out == ""
    assert err.startswith(f"bezique: --scheduler: cannot reach a Dask scheduler at {scheduler!r}")
    assert err.count("\n") == 1


def test_a_tls_address_without_tls_options_is_refused_before_connecting(
    scheduler: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = simulated(capsys, "--backend", "dask", "--scheduler", scheduler)
    assert (code, out) == (2, "")
    assert err == (
        f"bezique: --scheduler {scheduler} takes TLS connections only: give --tls-ca-file and "
        "--tls-cert too\n"
    )
