"""A run's shards on a Dask cluster (``pip install 'bezique-interpreter[dist]'``): the same plan
and shard indexes as on the cores of one machine (:mod:`interpreter.scale.local`), so the same
figures.

With a scheduler's address (or Dask's scheduler file), the shards go to the workers of that
cluster, over TLS when its files are given.  Without one, a cluster of ``jobs`` worker
processes is started on this machine for the run (Dask's ``LocalCluster``), and stopped after
it.  Every worker must run the same release of this package as the command: each tells its
engine's and the variant's hashes (:mod:`interpreter.scale.stamp`) before the run, and with
every shard, and a worker of another engine stops the run.  A shard whose task fails on a
worker is played again up to ``retries`` times; one lost with its worker is played again by
the scheduler (up to its ``allowed-failures``).  docs/analytics.md says how to run a cluster,
and why Dask."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from interpreter.scale.ordered import in_order
from interpreter.scale.shards import Merged, Shardable
from interpreter.scale.stamp import Stamped, differences, play_stamped, stamp_of

INSTALL = "pip install 'bezique-interpreter[dist]'"
WINDOW_PER_THREAD = 4
"""Shards in flight per worker thread of the cluster."""
CONNECT_SECONDS = 30
RETRIES = 2
"""Times a shard whose task failed on a worker is played again, unless told otherwise."""
QUIET_SCHEDULER = {"dashboard_address": "127.0.0.1:0"}
"""The local cluster's scheduler serves its few HTTP routes (no dashboard) on a free port of
this machine only, rather than on 8787 (a warning when another cluster has it)."""
SAME_RELEASE = "every worker must run the same release of bezique-interpreter as the command"


@dataclass(frozen=True)
class Cluster:
    """Where the Dask cluster is, and how to talk to it: Dask's client options."""

    scheduler: str | None = None  # the scheduler's address
    scheduler_file: str | None = None  # or the file a scheduler wrote it into
    tls_ca_file: str | None = None  # TLS: the authority that signed the cluster's certificates
    tls_cert: str | None = None  # this client's certificate (and key, unless given apart)
    tls_key: str | None = None
    retries: int | None = None  # None: RETRIES

    def given(self) -> list[str]:
        """The options given, as the command line spells them."""
        return [
            "--" + name.replace("_", "-") for name, value in vars(self).items() if value is not None
        ]

    def check(self) -> None:
        """Refuse options that do not go together, or files that are not there."""
        if self.scheduler is not None and self.scheduler_file is not None:
            raise ValueError("give --scheduler or --scheduler-file, not both")
        tls = [name for name in self.given() if name.startswith("--tls")]
        if tls and self.scheduler is None and self.scheduler_file is None:
            raise ValueError(
                f"{tls[0]} is for a running cluster: give --scheduler or --scheduler-file too"
            )
        if not tls and (self.scheduler or "").startswith("tls://"):
            raise ValueError(
                f"--scheduler {self.scheduler} takes TLS connections only: give --tls-ca-file "
                "and --tls-cert too"
            )
        if tls and (self.tls_ca_file is None or self.tls_cert is None):
            raise ValueError(
                "TLS needs both --tls-ca-file and --tls-cert (and --tls-key if the "
                "certificate's file does not hold its key)"
            )
        for name, path in (
            ("--scheduler-file", self.scheduler_file),
            ("--tls-ca-file", self.tls_ca_file),
            ("--tls-cert", self.tls_cert),
            ("--tls-key", self.tls_key),
        ):
            if path is not None and not Path(path).is_file():
                raise ValueError(f"{name}: no file {path}")

    def security(self) -> Any:
        """Dask's ``Security`` of the TLS options (None without them)."""
        if self.tls_ca_file is None:
            return None
        from distributed.security import Security

        return Security(
            tls_ca_file=self.tls_ca_file,
            tls_client_cert=self.tls_cert,
            tls_client_key=self.tls_key,
            require_encryption=True,
        )


def dask_shards(
    plan: Shardable[Merged],
    todo: Sequence[int],
    *,
    cluster: Cluster,
    jobs: int,
    on_progress: Callable[[int], None] | None = None,
) -> Generator[tuple[int, Stamped[Merged]]]:
    """Play shards ``todo`` of ``plan`` on the Dask cluster of ``cluster`` (a
    ``LocalCluster`` of ``jobs`` workers when it names none), in their order;
    ``on_progress`` is told the deals of each shard as it comes back."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise ValueError(
            f"--backend dask needs Dask distributed, which is not installed: {INSTALL}"
        ) from None
    with contextlib.ExitStack() as stack:
        client = _connect(stack, cluster, jobs)
        _check_workers(client, plan)
        yield from _run(client, plan, todo, cluster, on_progress)


def _connect(stack: contextlib.ExitStack, cluster: Cluster, jobs: int) -> Any:
    from distributed import Client, LocalCluster

    if cluster.scheduler is None and cluster.scheduler_file is None:
        local = stack.enter_context(
            LocalCluster(
                n_workers=jobs,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                scheduler_kwargs=QUIET_SCHEDULER,
            )
        )
        return stack.enter_context(Client(local))
    if cluster.scheduler is not None:
        where = f"--scheduler: cannot reach a Dask scheduler at {cluster.scheduler!r}"
    else:
        where = f"--scheduler-file: cannot reach the Dask scheduler of {cluster.scheduler_file}"
    try:
        client = stack.enter_context(
            Client(
                cluster.scheduler,
                scheduler_file=cluster.scheduler_file,
                security=cluster.security(),
                timeout=CONNECT_SECONDS,
            )
        )
    except (OSError, TimeoutError, ValueError, TypeError) as error:
        raise ValueError(f"{where}: {error}") from None
    try:
        client.wait_for_workers(1, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError):
        raise ValueError(
            f"no Dask worker joined the scheduler within {CONNECT_SECONDS} s"
        ) from None
    return client


def _check_workers(client: Any, plan: Shardable[Merged]) -> None:
    """Every worker of the cluster tells its stamp of ``plan``: a worker of another engine
    (or that cannot tell) is refused before anything is played."""
    expected = stamp_of(plan)
    try:
        told = client.run(stamp_of, plan)
    except Exception as error:  # any error of the workers' code
        raise ValueError(
            f"the Dask workers could not tell their engine ({type(error).__name__}: {error}): "
            f"{SAME_RELEASE}"
        ) from None
    for worker, stamp in sorted(told.items()):
        differ = differences(expected, stamp)
        if differ:
            raise ValueError(
                f"the Dask worker {worker} runs another engine or variant "
                f"({differ}): {SAME_RELEASE}; the run is stopped before any shard is played"
            )


def _task(plan: Shardable[Merged], index: int) -> Stamped[Merged]:
    """What a worker runs: shard ``index``, stamped with the worker's address."""
    from distributed import get_worker

    return play_stamped(plan, index, worker=f"{get_worker().address} (Dask worker)")


def _run(
    client: Any,
    plan: Shardable[Merged],
    todo: Sequence[int],
    cluster: Cluster,
    on_progress: Callable[[int], None] | None,
) -> Generator[tuple[int, Stamped[Merged]]]:
    threads = max(1, sum(client.nthreads().values()))
    shared = client.scatter(plan, broadcast=True)  # sent to each worker once
    retries = RETRIES if cluster.retries is None else cluster.retries

    def start(position: int) -> _Shard:
        future = client.submit(_task, shared, todo[position], retries=retries)
        return _Shard(future, todo[position], retries)

    for position, stamped in in_order(len(todo), start, WINDOW_PER_THREAD * threads):
        if on_progress is not None:
            on_progress(stamped.summary.deals)  # type: ignore[attr-defined]  # untyped
        yield todo[position], stamped  # type: ignore[misc]  # a future's result is untyped


class _Shard:
    """A shard on the cluster: its result, or what went wrong in one line."""

    def __init__(self, future: Any, index: int, retries: int) -> None:
        self.future, self.index, self.retries = future, index, retries

    def result(self) -> object:
        from distributed import KilledWorker
        from distributed.client import FutureCancelledError

        shard = self.index + 1
        try:
            return self.future.result()
        except KilledWorker as error:
            raise ValueError(
                f"shard {shard} was lost with {error.allowed_failures + 1} workers in turn, "
                f"the last {error.last_worker.address}: the run is stopped"
            ) from None
        except FutureCancelledError as error:
            raise ValueError(f"shard {shard}: the Dask cluster stopped the run: {error}") from None
        except Exception as error:  # the task's own error, whatever it is
            raise ValueError(
                f"shard {shard} failed on the Dask workers ({self.retries + 1} tries), the "
                f"last time with {type(error).__name__}: {error}"
            ) from None

    def cancel(self) -> object:
        return self.future.cancel()
