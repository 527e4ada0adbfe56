"""The gallery's image scraper: the pictures an example saved in its working directory.

Sphinx-gallery runs each example in the example's own folder; the PNG and GIF
files a code block writes there are moved (not copied) to the gallery's image
folder, so that the examples leave nothing behind in the source tree.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

IMAGE_SUFFIXES = (".png", ".gif")


def saved_images(block: Any, block_vars: dict[str, Any], gallery_conf: dict[str, Any]) -> str:
    """The reST that shows the images a block saved, after moving them beside the page."""
    from sphinx_gallery.scrapers import figure_rst

    folder = Path(block_vars["src_file"]).parent
    found = sorted(p for p in folder.iterdir() if p.suffix in IMAGE_SUFFIXES)
    names = []
    for picture, target in zip(found, block_vars["image_path_iterator"], strict=False):
        moved = Path(target).with_suffix(picture.suffix)
        shutil.move(picture, moved)
        names.append(str(moved))
    return figure_rst(names, gallery_conf["src_dir"])
