"""``python -m meshc`` runs the command-line interface."""

from meshc.cli import main

if __name__ == "__main__":
    main()
