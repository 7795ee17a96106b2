-- A bank of schema version 1, as docs/bank.md describes it: the tables of
-- version 1 and one 6x6 medium puzzle (sudokit generate --size 6
-- --difficulty medium --seed 42, item 0; rated 2.6/1.2/1.2, hardest
-- Pointing). tests/open.rs migrates it to the current version.
PRAGMA application_id = 1396984642;
PRAGMA user_version = 1;
CREATE TABLE puzzles (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    rules      TEXT    NOT NULL,
    size       INTEGER NOT NULL,
    box_rows   INTEGER NOT NULL,
    box_cols   INTEGER NOT NULL,
    puzzle     TEXT    NOT NULL,
    solution   TEXT    NOT NULL,
    clues      INTEGER NOT NULL,
    er         INTEGER NOT NULL,
    ep         INTEGER NOT NULL,
    ed         INTEGER NOT NULL,
    level      TEXT    NOT NULL,
    hardest    TEXT,
    symmetry   TEXT    NOT NULL,
    method     TEXT    NOT NULL,
    canonical  TEXT    NOT NULL,
    seed       INTEGER NOT NULL,
    idx        INTEGER NOT NULL,
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE UNIQUE INDEX puzzles_canonical ON puzzles (rules, canonical);
CREATE INDEX puzzles_level ON puzzles (rules, level, id);
CREATE TABLE techniques (
    technique TEXT    NOT NULL,
    puzzle    INTEGER NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
    steps     INTEGER NOT NULL,
    PRIMARY KEY (technique, puzzle)
) WITHOUT ROWID;
CREATE INDEX techniques_puzzle ON techniques (puzzle);
CREATE TABLE fills (
    rules      TEXT    NOT NULL,
    level      TEXT    NOT NULL,
    symmetry   TEXT    NOT NULL,
    seed       INTEGER NOT NULL,
    next_index INTEGER NOT NULL,
    PRIMARY KEY (rules, level, symmetry, seed)
) WITHOUT ROWID;
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
