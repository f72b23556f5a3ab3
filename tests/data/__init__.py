"""Test fixtures and the scripts that regenerate them."""
