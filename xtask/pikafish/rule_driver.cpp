// A driver over Pikafish's own rule code, for `cargo xtask pikafish`: it
// rules games with Position::rule_judge (repetition with its chase
// detection, the 60-move rule with its check exemption, insufficient
// material) and with "no legal move loses", and nothing else. No NNUE
// network is loaded: rule judging needs none.
//
// Pikafish (https://github.com/official-pikafish/Pikafish, GPL-3.0) is not
// part of this repository. To build the driver against a checkout of it:
//
//   cp -r Pikafish/src build && cd build && rm main.cpp
//   cp /path/to/this/repo/xtask/pikafish/rule_driver.cpp .
//   make -j2 ARCH=x86-64-sse41-popcnt COMP=gcc EXE=rule_driver rule_driver
//
// (the target `rule_driver` skips the Makefile's `net` download). Then:
//
//   cargo xtask pikafish --driver build/rule_driver
//
// Input, one game a line: `FEN|move move ...` (moves in ICCS, as Pikafish's
// UCI writes them). Output, one line a game: `PLY RESULT rule|mate` (RESULT
// 1-0, 0-1 or 1/2-1/2; PLY 0 for the start position), `none PLIES` when the
// moves do not end the game, `illegal PLY` for an illegal move, `badfen`.
#include <deque>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include "attacks.h"
#include "movegen.h"
#include "position.h"
#include "uci.h"

using namespace Stockfish;

static const char* result_for(Color stm, int sign) {
    if (sign == 0)
        return "1/2-1/2";
    bool redWins = (stm == WHITE) == (sign > 0);
    return redWins ? "1-0" : "0-1";
}

// Prints the ending at `ply` if the game has ended, and says whether it has.
static bool ended(Position& pos, int ply) {
    if (MoveList<LEGAL>(pos).size() == 0) {
        std::cout << ply << ' ' << result_for(pos.side_to_move(), -1) << " mate\n";
        return true;
    }
    Value v;
    if (pos.rule_judge(v, 0)) {
        std::cout << ply << ' ' << result_for(pos.side_to_move(), v > 0 ? 1 : v < 0 ? -1 : 0) << " rule\n";
        return true;
    }
    return false;
}

int main() {
    Attacks::init();
    Position::init();
    std::ios::sync_with_stdio(false);
    std::string line;
    while (std::getline(std::cin, line)) {
        auto bar = line.find('|');
        std::string fen = line.substr(0, bar);
        std::string moves = bar == std::string::npos ? "" : line.substr(bar + 1);
        auto states = std::make_unique<std::deque<StateInfo>>(1);
        auto pos = std::make_unique<Position>();
        if (auto err = pos->set(fen, &states->back())) {
            std::cout << "badfen\n";
            continue;
        }
        int ply = 0;
        bool done = ended(*pos, ply);
        std::istringstream ss(moves);
        std::string token;
        while (!done && ss >> token) {
            Move m = UCIEngine::to_move(*pos, token);
            if (m == Move::none()) {
                std::cout << "illegal " << ply << '\n';
                done = true;
                break;
            }
            states->emplace_back();
            pos->do_move(m, states->back(), nullptr);
            ++ply;
            done = ended(*pos, ply);
        }
        if (!done)
            std::cout << "none " << ply << '\n';
    }
    std::cout.flush();
    return 0;
}
