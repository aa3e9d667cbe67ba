//! Rulings in Chinese sentences, as the Chinese rule books word them
//! ([`Language::Chinese`](super::Language::Chinese)).

use std::fmt::Write as _;

use super::{History, chasers, sides_checking_ever};
use crate::notation::{Notation, piece_char};
use crate::repetition::Ruling;
use crate::{Color, Outcome, Piece, PieceKind};

/// `红方` or `黑方`.
const fn side_name(side: Color) -> &'static str {
    match side {
        Color::Red => "红方",
        Color::Black => "黑方",
    }
}

/// `红胜`, `黑胜` or `和棋`.
const fn result_words(winner: Option<Color>) -> &'static str {
    match winner {
        Some(Color::Red) => "红胜",
        Some(Color::Black) => "黑胜",
        None => "和棋",
    }
}

impl History {
    /// [`History::explain_in`] in Chinese.
    pub(super) fn explain_chinese(&self, notation: Notation) -> Option<String> {
        let outcome = self.outcome()?;
        let result = result_words(outcome.winner());
        // `第31回合 车二进一 后`, or nothing when the start position is ruled.
        let after = self.chinese_numbered(self.len(), notation).map_or(String::new(), |text| text + " 后");
        let Some(cycle) = outcome.cycle() else {
            return Some(match outcome {
                Outcome::Checkmate { winner } => {
                    format!("{after}{}被将死：{result}", side_name(winner.opponent()))
                }
                Outcome::Stalemate { winner } => {
                    format!("{after}{}无着可走（困毙）：{result}", side_name(winner.opponent()))
                }
                Outcome::MoveLimit { plies } => {
                    let mut text = format!("{after}已连续{}回合（{plies}步）未吃子", plies / 2);
                    let passed = self.plies_since_capture();
                    if passed > plies {
                        let why = if self.clock_past_limit().is_some() {
                            "起始局面的步数已超过限度"
                        } else {
                            "一方第十次以后的将军及其应着不计"
                        };
                        let _ =
                            write!(text, "（距上次吃子已走{passed}步，其中{}步不计：{why}）", passed - plies);
                    }
                    text + "：" + result
                }
                _ => format!("{after}双方子力均无法将死对方：{result}"),
            });
        };
        let (first, last) = (cycle.first_ply as usize, cycle.last_ply as usize);
        let ruling = self.rule_span(first, last);
        let span = match self.move_span(first, last) {
            (from, to) if from == to => format!("第{from}回合"),
            (from, to) => format!("第{from}–{to}回合"),
        };
        let mut text = format!("{after}局面第三次出现（{span}）：");
        let chasing: Vec<String> = Color::ALL
            .into_iter()
            .filter_map(|side| {
                let chased = ruling.chased_always[side.index()].as_ref()?;
                Some(chase_in_chinese(side, chased.piece, &ruling))
            })
            .collect();
        let _ = match outcome {
            Outcome::PerpetualCheck { winner, .. } => write!(
                text,
                "{}每步将军（长将），{}未长将：{result}",
                side_name(winner.opponent()),
                side_name(winner)
            ),
            Outcome::PerpetualChase { winner, .. }
                if sides_checking_ever(&ruling).contains(&winner.opponent()) =>
            {
                let loser = winner.opponent();
                let chase = ruling.chased_always[loser.index()]
                    .as_ref()
                    .map_or(String::new(), |chased| chase_of(loser, chased.piece, &ruling, "捉"));
                write!(
                    text,
                    "{}每步非将即捉：{chase}，其余各着将军（一将一捉），{}未将军：{result}",
                    side_name(loser),
                    side_name(winner)
                )
            }
            Outcome::PerpetualChase { .. } => {
                write!(text, "{}（长捉），双方均未将军：{result}", chasing.concat())
            }
            Outcome::MutualPerpetual { .. } if ruling.checked_always == [true, true] => {
                write!(text, "双方每步将军（双方长将）：{result}")
            }
            Outcome::MutualPerpetual { .. } => write!(text, "{}（双方长捉）：{result}", chasing.join("，")),
            _ if let Some((side, chased)) = self.drawn_one_check_one_chase(&ruling) => write!(
                text,
                "{}每步非将即捉：{}，其余各着将军（一将一捉），{}未将军；按电脑象棋裁判规则一将一捉不判负，\
                 双方均未长将：{result}",
                side_name(side),
                chase_of(side, chased.piece, &ruling, "捉"),
                side_name(side.opponent())
            ),
            _ => {
                let ruled_out: Vec<String> = Color::ALL
                    .into_iter()
                    .filter_map(|side| {
                        let chased = ruling.chased_but_for_checks[side.index()].as_ref()?;
                        Some(format!(
                            "{}，但{}在循环中有将军，不算长捉",
                            chase_in_chinese(side, chased.piece, &ruling),
                            side_name(side.opponent())
                        ))
                    })
                    .collect();
                if ruled_out.is_empty() {
                    write!(text, "双方均未每步将军或捉子（闲着）：{result}")
                } else {
                    write!(text, "{}；双方均未长将：{result}", ruled_out.join("；"))
                }
            }
        };
        Some(text)
    }

    /// The move that led to the position at `ply` as a Chinese record
    /// numbers it, written in `notation`: `第31回合 车二进一`, or
    /// `第31回合 黑方马８进７` for black's move.
    fn chinese_numbered(&self, ply: usize, notation: Notation) -> Option<String> {
        let (number, mover, text) = self.move_written(ply, notation)?;
        let side = if mover == Color::Black { side_name(mover) } else { "" };
        Some(format!("第{number}回合 {side}{text}"))
    }
}

/// `红方车每步捉黑方无根马`: the chasing side's attacking pieces over its
/// moves in the span, and the piece chased (无根: unprotected).
fn chase_in_chinese(side: Color, chased: Piece, ruling: &Ruling) -> String {
    format!("{}{}", side_name(side), chase_of(side, chased, ruling, "每步捉"))
}

/// `车每步捉黑方无根马` with `verb` 每步捉: the chasing side's attacking
/// pieces, `verb`, and the piece chased.
fn chase_of(side: Color, chased: Piece, ruling: &Ruling, verb: &str) -> String {
    let (attackers, protected) = chasers(side, chased.kind, &ruling.threats);
    let attackers: Vec<String> =
        attackers.iter().map(|&kind: &PieceKind| piece_char(Piece::new(side, kind)).to_string()).collect();
    let how = if protected { "" } else { "无根" };
    format!("{}{verb}{}{how}{}", attackers.join("、"), side_name(side.opponent()), piece_char(chased))
}
