"""``python -m meshc`` runs the command-line interface, under the program name ``meshc`` (its usage
lines and help read as the installed script's: the ranks of ``meshc run --launch N`` run this way)."""

from meshc.cli import main

if __name__ == "__main__":
    main(prog_name="meshc")
