"""`xtk lint`: permission posture and message protocol checks over a project or a plain extension."""
