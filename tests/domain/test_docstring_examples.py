"""The worked examples in the domain modules' docstrings are true."""

import doctest
import importlib
import pkgutil

import pytest

import tournaments.domain

MODULES = [info.name for info in pkgutil.walk_packages(tournaments.domain.__path__, "tournaments.domain.")]


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_hold(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
