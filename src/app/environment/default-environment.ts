/**
 * The state scope's environment when none is named (the `environment` input,
 * `--environment`): prod's state is `<project>/prod`. The one definition the
 * action and the CLI share.
 */
export const DEFAULT_ENVIRONMENT = "prod";
