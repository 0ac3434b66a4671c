//! The independent reference for LeetCode 909, shared by the tests of `snakes-analysis` (the
//! solver against it) and of `snakes-cli` (the command against it), each including this file by
//! path: a port of the accepted Java solution of seeds/001, kept apart from the project's code on
//! purpose. It reads the grid itself, with its own boustrophedon arithmetic, and searches by
//! levels over squares, marking the landing square after at most one jump.

use std::collections::VecDeque;

/// The fewest rolls from square 1 to the last square of the LeetCode grid `board` (row 0 at the
/// top, -1 for no jump), or -1 when it cannot be reached, as LeetCode's judge answers.
pub fn published_bfs(board: &[Vec<i64>]) -> i64 {
    let n = board.len();
    let m = n * n;
    let mut queue = VecDeque::from([1usize]);
    let mut visited = vec![false; m + 1];
    visited[1] = true;
    let mut answer = 0;
    while !queue.is_empty() {
        for _ in 0..queue.len() {
            let Some(x) = queue.pop_front() else { break };
            if x == m {
                return answer;
            }
            for y in x + 1..=(x + 6).min(m) {
                let (mut i, mut j) = ((y - 1) / n, (y - 1) % n);
                if i % 2 == 1 {
                    j = n - j - 1;
                }
                i = n - i - 1;
                let z = if board[i][j] == -1 {
                    y
                } else {
                    board[i][j] as usize
                };
                if !visited[z] {
                    visited[z] = true;
                    queue.push_back(z);
                }
            }
        }
        answer += 1;
    }
    -1
}
