//! The README and `docs/` are what the tools make today: every picture under
//! `docs/` and every example output in the README's `console` blocks
//! (`cargo xtask docs` regenerates them), and the man pages and completion
//! scripts are made from the clap definitions.

use cli::{Streams, run_tool};
use xtask::docs::{PICTURES, examples, output, svg_files};
use xtask::fixtures::workspace_root;

#[test]
fn the_pictures_under_docs_are_current() {
    for picture in PICTURES {
        let kept = std::fs::read_to_string(picture.path())
            .unwrap_or_else(|error| panic!("docs/{}: {error}; run `cargo xtask docs`", picture.name));
        let made = picture.make().unwrap_or_else(|error| panic!("{error:#}"));
        assert!(
            kept == made,
            "docs/{} is not what `{}` makes now: run `cargo xtask docs`",
            picture.name,
            picture.command.join(" ")
        );
    }
    let listed: Vec<_> = PICTURES.iter().map(xtask::docs::Picture::path).collect();
    for file in svg_files().unwrap() {
        assert!(listed.contains(&file), "{} is made by no command of xtask::docs::PICTURES", file.display());
    }
    let readme = std::fs::read_to_string(workspace_root().join("README.md")).unwrap();
    for picture in PICTURES {
        assert!(
            readme.contains(&format!("(docs/{})", picture.name)),
            "the README does not show docs/{}",
            picture.name
        );
    }
}

#[test]
fn the_readme_examples_show_their_real_output() {
    let readme = std::fs::read_to_string(workspace_root().join("README.md")).unwrap();
    let examples = examples(&readme).unwrap();
    assert!(examples.len() >= 6, "the README's tour has examples");
    for tool in ["xiangqi", "duck", "kq"] {
        assert!(
            examples.iter().any(|example| example.command.contains(&format!("{tool} "))),
            "no example of {tool}"
        );
    }
    for example in &examples {
        let now = output(example).unwrap_or_else(|error| panic!("{error:#}"));
        assert!(
            now == example.shown,
            "README.md:{}: `{}` now writes\n{now}\nbut the README shows\n{}\nrun `cargo xtask docs`",
            example.line,
            example.command,
            example.shown
        );
    }
}

/// Runs `TOOL ARGS...` in memory: (exit code, standard output).
fn run(args: &[&str]) -> (u8, String) {
    let mut stdin: &[u8] = &[];
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let mut streams = Streams { stdin: &mut stdin, stdout: &mut stdout, stderr: &mut stderr };
    let code = run_tool(args[0], args, &mut streams).expect("a tool");
    (code, String::from_utf8(stdout).unwrap())
}

#[test]
fn completions_and_man_pages_come_from_the_clap_definitions() {
    for tool in ["xiangqi", "duck", "kq"] {
        let (code, bash) = run(&[tool, "completions", "bash"]);
        assert_eq!(code, 0);
        assert!(bash.contains(&format!("_{tool}()")) && bash.contains("--format"), "{tool} bash completions");
        let (code, zsh) = run(&[tool, "completions", "zsh"]);
        assert_eq!(code, 0);
        assert!(zsh.starts_with(&format!("#compdef {tool}")), "{tool} zsh completions");
        let (code, fish) = run(&[tool, "completions", "fish"]);
        assert_eq!(code, 0);
        assert!(fish.contains(&format!("complete -c {tool}")), "{tool} fish completions");
    }
    let (_, bash) = run(&["xiangqi", "completions", "bash"]);
    for word in ["checkmate", "horse", "show", "--style", "--svg", "--flip", "chinese"] {
        assert!(bash.contains(word), "xiangqi's completions know {word}");
    }
    let dir = workspace_root().join("target").join("man-test");
    let _ = std::fs::remove_dir_all(&dir);
    let pages = xtask::man::generate(&dir).unwrap();
    for page in [
        "xiangqi.1",
        "xiangqi-show.1",
        "xiangqi-checkmate.1",
        "duck.1",
        "duck-replay.1",
        "kq.1",
        "kq-judge.1",
    ] {
        assert!(pages.iter().any(|name| name == page), "no {page} in {pages:?}");
    }
    let show = std::fs::read_to_string(dir.join("xiangqi-show.1")).unwrap();
    assert!(show.starts_with(".ie \\n(.g .ds Aq") || show.contains(".TH xiangqi-show"), "{show}");
    assert!(show.contains("\\-\\-style") && show.contains("\\-\\-svg"), "the page lists the options");
}

/// Runs `TOOL ARGS...` in memory: (exit code, standard error).
fn run_for_error(args: &[&str]) -> (u8, String) {
    let mut stdin: &[u8] = &[];
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let mut streams = Streams { stdin: &mut stdin, stdout: &mut stdout, stderr: &mut stderr };
    let code = run_tool(args[0], args, &mut streams).expect("a tool");
    (code, String::from_utf8(stderr).unwrap())
}

#[test]
fn every_install_of_the_tools_the_readme_shows_is_locked() {
    let readme = std::fs::read_to_string(workspace_root().join("README.md")).unwrap();
    let installs: Vec<&str> = readme.lines().filter(|line| line.contains("cargo install --")).collect();
    assert!(
        installs.iter().any(|line| line.contains("crates/cli")),
        "the README says how to install the tools"
    );
    for line in installs {
        assert!(line.contains("--locked"), "an install without the locked versions: {line}");
    }
}

#[test]
fn the_tour_puts_the_tools_on_the_path_before_its_first_command() {
    let readme = std::fs::read_to_string(workspace_root().join("README.md")).unwrap();
    let tour = readme.find("\n## A tour").expect("a tour");
    let first = tour + readme[tour..].find("\n$ ").expect("a command in the tour");
    let before = &readme[tour..first];
    assert!(
        before.contains("cargo install --locked --path crates/cli")
            && before.contains(
                "cargo build --release --locked --bins && export PATH=\"$PWD/target/release:$PATH\""
            ),
        "the tour says how xiangqi, duck and kq get on PATH before running them:\n{before}"
    );
}

#[test]
fn the_examples_said_to_stop_on_a_bad_move_do_stop() {
    let readme = std::fs::read_to_string(workspace_root().join("README.md")).unwrap();
    let marker = "stops the run naming its number, its text and why: `";
    let commands: Vec<&str> = readme
        .match_indices(marker)
        .map(|(at, _)| {
            let rest = &readme[at + marker.len()..];
            &rest[..rest.find('`').expect("a closing backquote")]
        })
        .collect();
    assert!(commands.len() >= 2, "{commands:?}");
    for command in commands {
        let words: Vec<&str> = command.split(' ').collect();
        let (code, stderr) = run_for_error(&words);
        let number = words.len() - 2;
        assert_eq!(code, 1, "`{command}` stops: {stderr}");
        assert!(stderr.starts_with(&format!("move {number}")), "`{command}` names the move: {stderr}");
        assert!(stderr.contains(words[number + 1]), "`{command}` quotes the move: {stderr}");
    }
}

#[test]
fn the_readme_gives_the_memory_figure_hostile_checks() {
    let readme = std::fs::read_to_string(workspace_root().join("README.md")).unwrap();
    let figure = format!("in under {} MB", xtask::hostile::PEAK_LIMIT_MB);
    assert!(readme.contains(&figure), "the README's figure for `cargo xtask hostile` is not `{figure}`");
    let mentions: Vec<&str> =
        readme.lines().filter(|line| line.contains(" MB") && line.contains("under")).collect();
    assert!(mentions.iter().all(|line| line.contains(&figure) || !line.contains("in under")), "{mentions:?}");
}
