"""The standalone apps, made by Panda3D's build_apps (pip and `python -m build` read only
pyproject.toml; this file adds build_apps' options and nothing else):

    python setup.py build_apps     # build/<platform>/: the apps, with everything they need
    python setup.py bdist_apps     # dist/: an archive a player downloads, per platform

Two apps share one build: ``blueprints`` (gui: the table) and ``blueprints-cli`` (console: every
command). Their names are not ``blueprints3d``, which would collide with the package's folder
of files beside them. The program finds those files through blueprints3d/resources.py, which
in a frozen build looks beside the executable: include_patterns copies them there under their
package paths, and rename_paths moves the checkout's models/ and textures/ into the package as a
wheel has them.
"""

from setuptools import setup

# Every module a command is imported by name (cli.COMMANDS, importlib), so the freezer cannot
# see them: listed. Kept in step with cli.COMMANDS by tests/test_release.py.
COMMAND_MODULES = [
    f"blueprints3d.commands.{name}"
    for name in (
        "play",
        "score",
        "render",
        "simulate",
        "tournament",
        "demo",
        "view",
        "replay",
        "history",
        "sandbox",
        "tutorial",
        "serve",
        "host",
        "join",
    )
]

FILES = [
    "blueprints3d/**/*.json",
    "blueprints3d/**/*.prc",
    "blueprints3d/shaders/*.vert",
    "blueprints3d/shaders/*.frag",
    "blueprints3d/shaders/*.glsl",
    "blueprints3d/sounds/*.wav",
    "blueprints3d/client/scene/fonts/*.ttf",
    "blueprints3d/client/scene/fonts/*.otf",
    "blueprints3d/client/scene/fonts/*.txt",
    "blueprints3d/locale/*/LC_MESSAGES/*.mo",
    "models/*.bam",
    "textures/*.png",
    "textures/cards/*.png",
    "textures/*.json",
    "README.md",
    "RULES.md",
    "CHANGELOG.md",
]

setup(
    options={
        "build_apps": {
            "gui_apps": {"blueprints": "blueprints3d/app/table.py"},
            "console_apps": {"blueprints-cli": "blueprints3d/app/console.py"},
            "include_patterns": FILES,
            "exclude_patterns": [
                "build/**",
                "dist/**",
                "venv/**",
                ".venv/**",
                "tests/**",
                "**/__pycache__/**",
            ],
            "rename_paths": {
                "models/": "blueprints3d/models/",
                "textures/": "blueprints3d/textures/",
            },
            "include_modules": {"*": COMMAND_MODULES + ["blueprints3d.client.table.run"]},
            # What the freezer would find in the building machine's own site-packages but the
            # program never needs (optional extras, build and test tools).
            "exclude_modules": {
                "*": [
                    "PIL",
                    "cryptography",
                    "yaml",
                    "tkinter",
                    "_tkinter",
                    "setuptools",
                    "pkg_resources",
                    "pip",
                    "pytest",
                    "_pytest",
                    "hypothesis",
                    "markupsafe",
                    "jinja2",
                    "IPython",
                    "numpy.f2py",
                    "numpy.distutils",
                    "numpy.testing",
                    "imageio_ffmpeg",
                    "daltonlens",
                    "bidi",
                    "fontTools",
                    "mypy",
                ]
            },
            "plugins": ["pandagl", "p3headlessgl", "p3openal_audio"],
            # macOS builds here (Intel and Apple silicon) but has never been run: no Mac to try it on.
            "platforms": [
                "manylinux2014_x86_64",
                "win_amd64",
                "macosx_10_13_x86_64",
                "macosx_11_0_arm64",
            ],
            "requirements_path": "requirements-app.txt",
            # The optimized-wheel index is not reachable from every build machine; the PyPI
            # wheels are the same Panda3D.
            "use_optimized_wheels": False,
            "pypi_extra_indexes": [],
            # No log_filename: it would take the console app's output too.
        },
    },
)
