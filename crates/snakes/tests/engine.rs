//! Properties of the engine over every rules combination and many boards.

use std::sync::Arc;

use snakes::{Board, Event, Game, Jump, Rng, Rules, check_playable, landing, play_roll};

/// A reproducible random board of `rows x cols` squares with about `density` of them jumping.
fn random_board(rng: &mut Rng, rows: u32, cols: u32, density: f64) -> Board {
    let last = rows * cols;
    let mut taken = vec![false; last as usize + 1];
    let mut jumps = Vec::new();
    for from in 1..last {
        if (rng.next_u64() as f64 / u64::MAX as f64) < density && !taken[from as usize] {
            let to = rng.below(u64::from(last)) as u32 + 1;
            if to != from {
                taken[from as usize] = true;
                jumps.push(Jump { from, to });
            }
        }
    }
    Board::new(rows, cols, jumps).expect("random boards are valid by construction")
}

#[test]
fn every_rules_combination_keeps_tokens_on_the_board_and_replays() {
    let mut rng = Rng::new(2024);
    let mut boards = vec![Board::classic()];
    for size in 1..=8 {
        boards.push(random_board(&mut rng, size, size, 0.2));
        boards.push(random_board(&mut rng, size, size + 2, 0.3));
    }
    let mut games = 0;
    for board in boards {
        let board = Arc::new(board);
        for die in [2, 6, 11] {
            for rules in Rules::all_combinations(die) {
                if check_playable(&board, &rules).is_err() {
                    continue;
                }
                let last = board.last();
                // The move function alone: every square, every face.
                for from in 0..last {
                    for roll in 1..=die {
                        let mut prev = from;
                        let end = play_roll(&board, &rules, from, roll, |step| {
                            assert!(step.square() <= last);
                            prev = step.square();
                        });
                        assert_eq!(end, prev);
                        assert_eq!(end, landing(&board, &rules, from, roll));
                    }
                }
                // Whole games: squares stay in range, the log replays exactly.
                for players in [1, 2, 4] {
                    let seed = rng.next_u64();
                    let mut game = Game::new(board.clone(), rules, players, seed).unwrap();
                    let events = game.play_out(400);
                    for e in &events {
                        if let Event::Moved { to, .. } | Event::Bounced { to, .. } = e {
                            assert!(*to >= 1 && *to <= last);
                        }
                    }
                    for &s in game.state().squares() {
                        assert!(s <= last);
                    }
                    let again = Game::new(board.clone(), rules, players, seed)
                        .unwrap()
                        .play_out(400);
                    assert_eq!(again, events);
                    let (state, replayed) = Game::replay(
                        board.clone(),
                        rules,
                        players,
                        game.state().first(),
                        game.rolls(),
                    )
                    .unwrap();
                    assert_eq!(replayed, events);
                    assert_eq!(&state, game.state());
                    games += 1;
                }
            }
        }
    }
    assert!(games > 10_000, "{games}");
}

#[test]
fn grid_conversions_round_trip_on_random_boards() {
    let mut rng = Rng::new(11);
    for n in 1..=20 {
        let board = random_board(&mut rng, n, n, 0.25);
        let grid = board.to_grid();
        assert_eq!(Board::from_grid(&grid).unwrap(), board);
        assert_eq!(Board::parse(&board.to_grid_json()).unwrap(), board);
        assert_eq!(Board::parse(&board.to_layout_toml()).unwrap(), board);
        assert_eq!(Board::parse(&board.to_layout_json()).unwrap(), board);
        // Every square maps to a distinct cell and back.
        let mut seen = std::collections::HashSet::new();
        for s in 1..=board.last() {
            let (r, c) = board.cell(s).unwrap();
            assert!(seen.insert((r, c)));
            assert_eq!(board.square_at(r, c), Some(s));
        }
    }
}

#[test]
fn a_seeded_game_is_pinned() {
    // Golden game: changing the generator, the first-player draw or the rules changes this.
    let mut game = Game::new(Arc::new(Board::classic()), Rules::STANDARD, 2, 42).unwrap();
    let events = game.play_out(100_000);
    let winner = game.state().winner().unwrap();
    assert_eq!(game.state().first(), 0);
    assert_eq!(&game.rolls()[..8], &[3, 5, 6, 6, 5, 5, 6, 5]);
    assert!(matches!(events.last(), Some(Event::Won { player, square: 100 }) if *player == winner));
}
