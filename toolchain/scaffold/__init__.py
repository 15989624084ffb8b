"""`xtk init`: a new project from one of the templates in templates/init/ (templates.py renders, init.py creates)."""
