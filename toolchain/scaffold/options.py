"""The `--template` option of `xtk init`, whose help lists the templates that exist (read when help is shown, so
`xtk --help` and every other command start without looking at templates/init/)."""

from __future__ import annotations

import click


class TemplateOption(click.Option):
    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        from toolchain.scaffold.templates import DEFAULT_TEMPLATE, available_templates

        names = [f"{name} (default)" if name == DEFAULT_TEMPLATE else name for name in available_templates()]
        self.help = f"The template: {', '.join(names)}. A wrong name lists them with what each is."
        return super().get_help_record(ctx)
