-- The rows of a bank of schema version 1, as docs/bank.md describes it:
-- one 6x6 medium puzzle (sudokit generate --size 6 --difficulty medium
-- --seed 42, item 0; rated 2.6/1.2/1.2, hardest Pointing). tests/open.rs
-- runs it after the version-1 script (schema::MIGRATIONS[0]); the inserts
-- name every column of version 1, so removing or renaming one in that
-- script fails them.
PRAGMA application_id = 1396984642;
PRAGMA user_version = 1;
INSERT INTO puzzles (rules, size, box_rows, box_cols, puzzle, solution, clues, er, ep, ed,
                     level, hardest, symmetry, method, canonical, seed, idx, created_at)
VALUES ('6', 6, 2, 3, '1..42..............31..6...6..35....',
        '163425524361645132231546412653356214', 9, 26, 12, 12, 'medium', 'Pointing',
        'none', 'backtrack', '........1.23......14.5.......5.64...', 42, 0,
        '2026-11-20T08:00:00Z');
INSERT INTO techniques (technique, puzzle, steps) VALUES
    ('Full House', 1, 13), ('Hidden Single (box)', 1, 12), ('Direct Hidden Pair', 1, 2),
    ('Pointing', 1, 2);
INSERT INTO fills (rules, level, symmetry, seed, next_index) VALUES ('6', 'medium', 'none', 42, 1);
