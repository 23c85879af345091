"""The README's Python example runs as printed; the stubs name every native function."""
import pathlib
import re

import cardtable

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_the_readmes_python_example_runs():
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## From Python"):]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    scope = {}
    exec(compile(code, "README.md", "exec"), scope)
    assert scope["state"].is_over()
    assert scope["observations"].shape == (1024, scope["game"].observation_len)
    assert scope["masks"].shape == (1024, scope["game"].num_actions)


def declarations(stubs, name):
    """The stubs' body of class `name`, and of its base class in the stubs, if any."""
    found = re.search(rf"^class {name}(?:\((\w+)\))?:\n(.*?)(?=^\S)", stubs + "\nend", re.M | re.S)
    base, body = found.groups()
    return body + (declarations(stubs, base) if base else "")


def test_the_stubs_cover_the_native_module():
    stubs = (ROOT / "python/cardtable/_cardtable.pyi").read_text()
    for name in cardtable.__all__:
        assert re.search(rf"^(class|def) {name}\b", stubs, re.M), name
    for cls in (cardtable.Game, cardtable.State, cardtable.Player, cardtable.Batch):
        body = declarations(stubs, cls.__name__)
        for attr in dir(cls):
            if not attr.startswith("_"):
                declared = rf"^    (def {attr}\(|{attr}: Final\[)"
                assert re.search(declared, body, re.M), f"{cls.__name__}.{attr}"
