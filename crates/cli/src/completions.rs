//! `completions SHELL`: shell completion scripts made from the clap definitions.

use clap::{Args, CommandFactory};
use clap_complete::Shell;

use crate::Streams;

/// Arguments of `completions`.
#[derive(Debug, Args)]
pub(crate) struct CompletionsArgs {
    /// The shell: bash, zsh, fish, elvish or powershell.
    #[arg(value_enum)]
    shell: Shell,
}

impl CompletionsArgs {
    /// Writes the completion script of tool `T` for the shell.
    pub(crate) fn run<T: CommandFactory>(self, streams: &mut Streams<'_>) -> anyhow::Result<()> {
        let mut command = T::command();
        let name = command.get_name().to_string();
        clap_complete::generate(self.shell, &mut command, name, &mut *streams.stdout);
        Ok(())
    }
}
