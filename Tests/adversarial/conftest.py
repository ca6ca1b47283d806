"""pytest wiring for the adversarial suite: the `deployment` fixture and the `full` marker.

Short cases run by default (scripts/test.sh runs them in CI); cases marked `full` (the issue's
full sizes: floods of tens of thousands) run only with QUENCH_ADVERSARIAL_FULL=1:

    QUENCH_ADVERSARIAL_FULL=1 .venv/bin/python -m pytest Tests/adversarial
"""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from harness import Deployment  # noqa: E402

FULL = os.environ.get("QUENCH_ADVERSARIAL_FULL") == "1"


def pytest_configure(config):
    config.addinivalue_line("markers", "full: the full-size case (QUENCH_ADVERSARIAL_FULL=1)")


def pytest_collection_modifyitems(config, items):
    if FULL:
        return
    skip = pytest.mark.skip(reason="full-size case: set QUENCH_ADVERSARIAL_FULL=1")
    for item in items:
        if "full" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="module")
def deployment():
    """A CURVE deployment of the four services, shared by the tests of one module."""
    dep = Deployment()
    yield dep
    dep.stop()


@pytest.fixture(scope="module")
def insecure_deployment():
    """An insecure (loopback development) deployment, shared by the tests of one module."""
    dep = Deployment(insecure=True)
    yield dep
    dep.stop()
