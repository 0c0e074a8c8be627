import pytest


def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true", help="run the exhaustive checks marked slow")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="exhaustive check: run with --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
