"""Which error codes a piece of the project can answer with, read from its code: no list is kept by hand.

:func:`codes_raised` reads the source of a function (a view's handler, say) and of every project function,
method and class it calls, transitively, and collects the registered codes its ``raise`` statements name:
``ServiceError(ErrorCode.X)``, ``IllegalActionError(Reason.X)``, an exception class with a ``code`` (the
engine's ``InvalidCardError``, ``RuleSetError``) or one of DRF's exceptions. A refusal built elsewhere
(``raise game.refusal(reason, …)``, ``IllegalActionError(reason)``) stands for every rule reason of the
engine: which one the rules pick depends on the game. Reading ``request.data`` can fail as malformed JSON, a
wrong media type, JSON nested too deep or a body too large, and ``is_valid(raise_exception=True)`` as invalid
fields.

Calls are followed where the code says what they are: a module's functions and classes, ``self``'s methods,
and the methods of a parameter or a local whose type is a project class (``game: engine.Game``,
``paginator = StrictCursorPagination()``). Anything else (Django, DRF, a value whose type the code does not
say) is not followed, so what is found is what the project's own code can raise: the OpenAPI description
of each operation is made from it (:mod:`core.openapi`), and a test checks it against real responses.
"""

from __future__ import annotations

import ast
import builtins
import importlib.util
import inspect
import sys
import textwrap
import typing
from collections.abc import Callable
from enum import Enum
from pathlib import Path
from types import ModuleType
from typing import Any

from rest_framework import exceptions as drf

from core.errors import REGISTRY, ErrorCode
from games.compiled import module_form
from games.engine import IllegalActionError, Reason

PROJECT_PACKAGES = frozenset({"core", "games", "tournaments"})
"""Where calls are followed. The built-in bots are not: they decide moves from a seat view and refuse no
client (an error of theirs is a fault)."""

REGISTERED = frozenset(REGISTRY)
"""Only registered codes reach a client: an exception with a code of its own that the service turns into a
registered one (a format's error into too_few_entries) is left out."""

RULE_REASONS = frozenset(r.value for r in Reason)
"""What a refusal worked out by the engine's rules may be."""

BODY_CODES = frozenset({ErrorCode.PARSE_ERROR.value, ErrorCode.UNSUPPORTED_MEDIA_TYPE.value,
                        ErrorCode.JSON_TOO_DEEP.value, ErrorCode.PAYLOAD_TOO_LARGE.value})
"""What reading a request body (``request.data``) may raise: malformed JSON, a wrong media type, JSON nested too
deep (``core.limits``), and a body over the limit, which ``core.problems.BodyLimitMiddleware`` refuses before any
view of any operation, but is documented where the operation takes a body."""

TRUSTED = frozenset({
    "games.engine.game.Game.from_json",  # replays a log the engine accepted move by move
    "games.engine.game.Game.new",  # deals for rules validated when the table was made
    "games.engine.rules.rules_from_dict",  # reads back rules validated when they were stored
})
"""Calls that are not followed: they re-read what the service accepted and stored, so an error in them is a
fault of the service (a 500), never a refusal a client can be sent."""

_DRF_CODES: dict[type, str] = {
    drf.ValidationError: ErrorCode.INVALID, drf.ParseError: ErrorCode.PARSE_ERROR,
    drf.NotAuthenticated: ErrorCode.NOT_AUTHENTICATED, drf.AuthenticationFailed: ErrorCode.AUTHENTICATION_FAILED,
    drf.PermissionDenied: ErrorCode.PERMISSION_DENIED, drf.NotFound: ErrorCode.NOT_FOUND,
    drf.MethodNotAllowed: ErrorCode.METHOD_NOT_ALLOWED, drf.NotAcceptable: ErrorCode.NOT_ACCEPTABLE,
    drf.UnsupportedMediaType: ErrorCode.UNSUPPORTED_MEDIA_TYPE, drf.Throttled: ErrorCode.THROTTLED,
}


def _is_project(obj: Any) -> bool:
    module = getattr(obj, "__module__", None) or ""
    return module.split(".")[0] in PROJECT_PACKAGES


_SOURCE_TWINS: dict[str, ModuleType] = {}
"""Each compiled project module's ``.py``, loaded once more (see :func:`_source_twin`)."""


def _source_twin(obj: Any) -> Any:
    """``obj`` itself or, when mypyc compiled its module, the same definition from the module's ``.py``: an
    extension keeps no source to read, and the codes (so the OpenAPI schema) must not depend on the form."""
    name = getattr(obj, "__module__", None)
    module = sys.modules.get(name) if isinstance(name, str) else None
    if module is None or not _is_project(obj) or module_form(module) != "compiled":
        return obj
    if isinstance(obj, Enum) or (isinstance(obj, type) and issubclass(obj, Enum)):
        # A code is an enum member, told by its class; the twin's members are another class's, and an enum
        # has no code of its own to read.
        return obj
    twin = _SOURCE_TWINS.get(module.__name__)
    if twin is None:
        built = Path(str(module.__file__))
        spec = importlib.util.spec_from_file_location(module.__name__, built.parent / f"{built.name.split('.')[0]}.py")
        if spec is None or spec.loader is None:
            return obj
        twin = importlib.util.module_from_spec(spec)
        # Under the module's own name while it runs (dataclasses look their module up), then put back: the
        # twin is only read, never imported by anything.
        sys.modules[module.__name__] = twin
        try:
            spec.loader.exec_module(twin)
        finally:
            sys.modules[module.__name__] = module
        _SOURCE_TWINS[module.__name__] = twin
    found: Any = twin
    for part in getattr(obj, "__qualname__", "").split("."):
        found = getattr(found, part, None)
        if found is None:
            return obj
    return found


def _exception_codes(cls: type) -> set[str]:
    """The code an exception class stands for, when it stands for one."""
    for kind, code in _DRF_CODES.items():
        if issubclass(cls, kind):
            return {str(code)}
    code = getattr(cls, "code", None)
    if isinstance(code, str):
        return {code}
    return set()


class _Reader:
    """Reads functions and the project code they call; each is read once (``cache``)."""

    def __init__(self) -> None:
        self.cache: dict[tuple[Any, Any], frozenset[str]] = {}

    def function(self, func: Callable[..., Any], owner: type | None = None) -> frozenset[str]:
        func, owner = _source_twin(inspect.unwrap(func)), _source_twin(owner)
        if f"{func.__module__}.{func.__qualname__}" in TRUSTED:
            return frozenset()
        key = (func, owner)
        if key in self.cache:
            return self.cache[key]
        self.cache[key] = frozenset()  # a cycle reads as nothing more
        try:
            source = textwrap.dedent(inspect.getsource(func))
            tree = ast.parse(source)
        except (OSError, TypeError, SyntaxError):
            return frozenset()
        scope = _Scope(func, owner)
        found: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.AnnAssign | ast.Assign):
                scope.assign(node)
        for node in ast.walk(tree):
            if isinstance(node, ast.Raise) and node.exc is not None:
                found |= self._raised(node.exc, scope)
            elif isinstance(node, ast.Call):
                found |= self._called(node, scope)
            elif (isinstance(node, ast.Attribute) and node.attr == "data" and isinstance(node.value, ast.Name)
                  and node.value.id == "request"):
                found |= BODY_CODES
        self.cache[key] = result = frozenset(found & REGISTERED)
        return result

    def klass(self, cls: type) -> frozenset[str]:
        """Everything the project's methods of ``cls`` (and its project bases) can raise."""
        found: set[str] = set()
        for base in _source_twin(cls).__mro__:
            if not _is_project(base):
                continue
            for value in vars(base).values():
                if inspect.isfunction(value):
                    found |= self.function(value, cls)
        return frozenset(found)

    def _raised(self, exc: ast.expr, scope: _Scope) -> set[str]:
        found = {str(code) for node in ast.walk(exc) if (code := scope.code(node)) is not None}
        target = exc.func if isinstance(exc, ast.Call) else exc
        value = scope.resolve(target)
        if isinstance(value, type) and issubclass(value, BaseException):
            if issubclass(value, IllegalActionError) and not found:
                found |= RULE_REASONS  # the reason is worked out by the rules
            found |= _exception_codes(value)
        elif callable(value) and _is_project(value):
            hints = _hints(value)
            returned = hints.get("return")
            if isinstance(returned, type) and issubclass(returned, BaseException):
                found |= RULE_REASONS if issubclass(returned, IllegalActionError) else _exception_codes(returned)
        return found

    def _called(self, call: ast.Call, scope: _Scope) -> set[str]:
        if isinstance(call.func, ast.Attribute) and call.func.attr == "is_valid" and any(
                k.arg == "raise_exception" for k in call.keywords):
            return {ErrorCode.INVALID.value}
        found: set[str] = set()
        for arg in [*call.args, *(k.value for k in call.keywords)]:
            # A project function handed to another is called by it (``await read_off_loop(selectors.table_get, …)``).
            handed = scope.resolve(arg) if isinstance(arg, ast.Name | ast.Attribute) else None
            if inspect.isfunction(handed) and _is_project(handed):
                found |= self.function(handed, scope.owner_of(arg))
        return found | self._callee(call, scope)

    def _callee(self, call: ast.Call, scope: _Scope) -> set[str]:
        value = scope.resolve(call.func)
        if value is None or not _is_project(value):
            return set()
        if isinstance(value, type):
            return set() if issubclass(value, BaseException) else set(self.klass(value))
        if inspect.isfunction(value) or inspect.ismethod(value):
            owner = scope.owner_of(call.func)
            return set(self.function(value, owner))
        return set()


def _hints(obj: Any) -> dict[str, Any]:
    try:
        return typing.get_type_hints(obj)
    except Exception:  # an annotation that names what this module cannot import: not followed
        return {}


class _Scope:
    """What the names of one function stand for: its module's globals, ``self``, its typed parameters and
    the locals it builds from project classes."""

    def __init__(self, func: Callable[..., Any], owner: type | None) -> None:
        self.globals = getattr(func, "__globals__", {})
        self.owner = owner
        self.types: dict[str, type] = {}
        for name, hint in _hints(func).items():
            if isinstance(hint, type) and _is_project(hint):
                self.types[name] = _source_twin(hint)
        if owner is not None:
            self.types.setdefault("self", owner)
            self.types.setdefault("cls", owner)

    def assign(self, node: ast.AnnAssign | ast.Assign) -> None:
        """``x = ProjectClass(...)`` makes ``x`` one of those."""
        value = node.value
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if isinstance(value, ast.Call):
            made = self.resolve(value.func)
            if isinstance(made, type) and _is_project(made):
                for target in targets:
                    if isinstance(target, ast.Name):
                        self.types.setdefault(target.id, made)

    def resolve(self, node: ast.expr) -> Any:
        """The object ``node`` names (its source twin where compiled), or ``None`` when the code does not say."""
        return _source_twin(self._resolve(node))

    def _resolve(self, node: ast.expr) -> Any:
        if isinstance(node, ast.Name):
            if node.id in self.types:
                return self.types[node.id]
            if node.id in self.globals:
                return self.globals[node.id]
            return getattr(builtins, node.id, None)
        if isinstance(node, ast.Attribute):
            base = self.resolve(node.value)
            if base is None:
                return None
            found = inspect.getattr_static(base, node.attr, None) if isinstance(base, type) else getattr(
                base, node.attr, None)
            return found.__func__ if isinstance(found, classmethod | staticmethod) else found
        return None

    def owner_of(self, func: ast.expr) -> type | None:
        """The class a called method belongs to (``self.x()``, ``game.apply()``, ``Game.from_json()``)."""
        if isinstance(func, ast.Attribute):
            base = self.resolve(func.value)
            if isinstance(base, type):
                return base
        return None

    def code(self, node: ast.AST) -> str | None:
        """The registered code ``node`` names (``ErrorCode.STALE_SEQ``, ``engine.Reason.GAME_OVER``)."""
        if not isinstance(node, ast.Attribute):
            return None
        value = self.resolve(node)
        if isinstance(value, Enum) and isinstance(value, ErrorCode | Reason):
            return str(value.value)
        return None


_READER = _Reader()


def codes_raised(func: Callable[..., Any], owner: type | None = None) -> frozenset[str]:
    """Every registered code that ``func`` (a method of ``owner``) and the project code it calls can raise."""
    return _READER.function(func, owner)
