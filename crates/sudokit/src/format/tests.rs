//! Tests of the readers and writers together: round trips over many shapes,
//! the common layouts of one puzzle, detection, errors and streaming.

use std::io::{BufReader, Cursor, Read};

use super::batch::{Blocks, Piece};
use super::*;
use crate::candidates::Candidates;
use crate::grid::Grid;
use crate::shape::Shape;

/// The classic puzzle from the Wikipedia article "Sudoku".
const P: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// A small xorshift generator, so the tests need no crate and are repeatable.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn shape(r: usize, c: usize) -> Shape {
    Shape::new(r, c).unwrap()
}

/// A grid with random blanks (about 40%) and random values `1..=N`; not a
/// valid Sudoku.
fn random_grid(shape: Shape, rng: &mut XorShift) -> Grid {
    let n = shape.size() as u64;
    let values: Vec<u8> = (0..shape.cell_count())
        .map(|_| if rng.below(5) < 2 { 0 } else { 1 + rng.below(n) as u8 })
        .collect();
    Grid::from_values(shape, values).unwrap()
}

/// Random non-empty candidate sets.
fn random_candidates(shape: Shape, rng: &mut XorShift) -> Candidates {
    let masks: Vec<u64> = (0..shape.cell_count())
        .map(|_| {
            let m = match rng.below(3) {
                0 => 1u64 << rng.below(shape.size() as u64),
                _ => rng.next() & shape.all_digits(),
            };
            if m == 0 { 1 } else { m }
        })
        .collect();
    Candidates::from_masks(shape, masks).unwrap()
}

fn classic() -> Grid {
    parse_grid(P).unwrap()
}

fn opts(format: Option<Format>, shape: Option<Shape>) -> ReadOptions {
    ReadOptions { format, shape }
}

fn read_all(text: &str, options: ReadOptions) -> Vec<Result<Record, ReadError>> {
    Reader::new(text.as_bytes(), options).collect()
}

fn parse_err(text: &str, options: ReadOptions) -> ParseError {
    match parse(text, options) {
        Err(ReadError::Parse(e)) => e,
        other => panic!("expected a parse error, got {other:?}"),
    }
}

const SMALL: [(usize, usize); 11] =
    [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (2, 5), (3, 4), (4, 3), (4, 4), (5, 5), (1, 7)];

#[test]
fn every_format_round_trips_for_small_shapes() {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    for (r, c) in SMALL {
        let shape = shape(r, c);
        let default = Shape::from_size(shape.size()).ok() == Some(shape);
        for _ in 0..3 {
            let g = random_grid(shape, &mut rng);
            for format in Format::ALL {
                if format == Format::Pencilmarks {
                    continue;
                }
                let text = write(&g, format);
                let rec = parse(&text, opts(Some(format), Some(shape))).unwrap();
                assert_eq!(rec.grid, g, "{format} {shape}:\n{text}");
                assert_eq!(rec.format, format);
                // The layouts with box separators show the shape; the others
                // give the default shape for the size.
                let shows_box = matches!(format, Format::Grid | Format::Ss);
                if default || shows_box {
                    let rec = parse(&text, opts(Some(format), None)).unwrap();
                    assert_eq!(rec.grid, g, "{format} {shape} inferred:\n{text}");
                }
                // Detection reads the same values (a 9x9 token grid reads as
                // a spaced grid, which is the same thing).
                let rec = parse(&text, opts(None, Some(shape))).unwrap();
                assert_eq!(rec.grid, g, "{format} {shape} detected:\n{text}");
            }
        }
    }
}

#[test]
fn pencil_marks_round_trip_for_small_shapes() {
    let mut rng = XorShift(42);
    for (r, c) in SMALL {
        let shape = shape(r, c);
        for _ in 0..3 {
            let cands = random_candidates(shape, &mut rng);
            let text = write_candidates(&cands);
            let rec = parse(&text, opts(Some(Format::Pencilmarks), None)).unwrap();
            assert_eq!(rec.candidates.as_ref(), Some(&cands), "{shape}:\n{text}");
            assert_eq!(rec.grid, cands.to_grid());
            let rec = parse(&text, opts(Some(Format::Pencilmarks), Some(shape))).unwrap();
            assert_eq!(rec.candidates.as_ref(), Some(&cands));
        }
    }
    // A grid written as pencil marks is its implied candidates.
    let g = classic();
    let rec = parse(&write(&g, Format::Pencilmarks), ReadOptions::default()).unwrap();
    assert_eq!(rec.format, Format::Pencilmarks);
    assert_eq!(rec.candidates, Some(Candidates::from_grid(&g)));
    assert_eq!(rec.grid.values()[..2], [5, 3]);
}

#[test]
fn large_boards_round_trip_as_tokens() {
    let mut rng = XorShift(7);
    for (r, c) in [(6, 6), (7, 7), (8, 8), (6, 7)] {
        let shape = shape(r, c);
        let g = random_grid(shape, &mut rng);
        for format in [Format::Line, Format::Tokens, Format::Grid, Format::Sdk, Format::Ss] {
            let text = write(&g, format);
            let rec = parse(&text, opts(Some(format), Some(shape))).unwrap();
            assert_eq!(rec.grid, g, "{format} {shape}");
            let rec = parse(&text, opts(Some(format), None)).unwrap();
            assert_eq!(rec.grid, g, "{format} {shape} inferred");
            let rec = parse(&text, opts(None, None)).unwrap();
            assert_eq!(rec.grid, g, "{format} {shape} detected");
        }
        let line = to_line(&g);
        assert!(!line.contains('\n'));
        assert_eq!(line, to_tokens_line(&g));
    }
}

#[test]
fn every_common_layout_reads_the_same_grid() {
    let want = classic();
    let layouts = [
        // plain
        "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n\
         ...419..5\n....8..79\n",
        // spaced, 0 blanks
        "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0\n0 9 8 0 0 0 0 6 0\n8 0 0 0 6 0 0 0 3\n\
         4 0 0 8 0 3 0 0 1\n7 0 0 0 2 0 0 0 6\n0 6 0 0 0 0 2 8 0\n0 0 0 4 1 9 0 0 5\n\
         0 0 0 0 8 0 0 7 9\n",
        // boxed with rules
        "5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n. 9 8 | . . . | . 6 .\n\
         ------+-------+------\n8 . . | . 6 . | . . 3\n4 . . | 8 . 3 | . . 1\n\
         7 . . | . 2 . | . . 6\n------+-------+------\n. 6 . | . . . | 2 8 .\n\
         . . . | 4 1 9 | . . 5\n. . . | . 8 . | . 7 9\n",
        // compact boxes with a border
        "+---+---+---+\n|53.|.7.|...|\n|6..|195|...|\n|.98|...|.6.|\n+---+---+---+\n\
         |8..|.6.|..3|\n|4..|8.3|..1|\n|7..|.2.|..6|\n+---+---+---+\n|.6.|...|28.|\n\
         |...|419|..5|\n|...|.8.|.79|\n+---+---+---+\n",
        // ss style
        "53.|.7.|...\n6..|195|...\n.98|...|.6.\n-----------\n8..|.6.|..3\n4..|8.3|..1\n\
         7..|.2.|..6\n-----------\n.6.|...|28.\n...|419|..5\n...|.8.|.79\n",
        // Simple Sudoku with a star border
        "*-----------*\n|53.|.7.|...|\n|6..|195|...|\n|.98|...|.6.|\n|---+---+---|\n\
         |8..|.6.|..3|\n|4..|8.3|..1|\n|7..|.2.|..6|\n|---+---+---|\n|.6.|...|28.|\n\
         |...|419|..5|\n|...|.8.|.79|\n*-----------*\n",
        // leading comment, indentation, CRLF, '!' separators, '-' blanks
        "# Wikipedia\r\n  53-!-7-!---  \r\n6--!195!---\r\n-98!---!-6-\r\n8--!-6-!--3\r\n\
         4--!8-3!--1\r\n7--!-2-!--6\r\n-6-!---!28-\r\n---!419!--5\r\n---!-8-!-79\r\n",
        // sdk
        "[Puzzle]\n#A someone\n#D the classic\n53..7....\n6..195...\n.98....6.\n8...6...3\n\
         4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n[State]\n123456789\n",
    ];
    for text in layouts {
        let records = read_all(text, ReadOptions::default());
        assert_eq!(records.len(), 1, "{text}");
        let rec = records.into_iter().next().unwrap().unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(rec.grid, want, "{text}");
        assert_eq!(rec.grid.shape(), Shape::CLASSIC);
        for format in [Format::Grid, Format::Ss] {
            if !text.starts_with('[') {
                assert_eq!(parse(text, opts(Some(format), None)).unwrap().grid, want, "{text}");
            }
        }
    }
    let rec = parse(layouts[6], ReadOptions::default()).unwrap();
    assert_eq!((rec.line, rec.comment.as_deref()), (2, Some("Wikipedia")));
    let rec = parse(layouts[7], ReadOptions::default()).unwrap();
    assert_eq!(rec.format, Format::Sdk);
    assert_eq!(rec.comment.as_deref(), Some("A someone; D the classic"));
    // The line format too, with CRLF.
    assert_eq!(parse(&format!("{P}\r\n"), ReadOptions::default()).unwrap().grid, want);
}

#[test]
fn detects_each_format() {
    let detect = |text: &str| {
        let mut reader = Reader::new(text.as_bytes(), ReadOptions::default());
        let rec = reader.next().unwrap().unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(reader.format(), Some(rec.format));
        rec
    };
    let rec = detect(&format!("# batch\n\n{P}   # hard\n"));
    assert_eq!((rec.format, rec.line, rec.comment.as_deref()), (Format::Line, 3, Some("hard")));

    // A 16x16 in token rows with values 10..16.
    let mut rng = XorShift(3);
    let g = random_grid(shape(4, 4), &mut rng);
    let mut values = g.values().to_vec();
    values[..7].copy_from_slice(&[10, 11, 12, 13, 14, 15, 16]);
    let g = Grid::from_values(g.shape(), values).unwrap();
    let rec = detect(&write(&g, Format::Tokens));
    assert_eq!((rec.format, &rec.grid), (Format::Tokens, &g));
    let rec = detect(&format!("{}  # one line\n", to_tokens_line(&g)));
    assert_eq!((rec.format, &rec.grid), (Format::Tokens, &g));
    assert_eq!(rec.comment.as_deref(), Some("one line"));

    let pm = ".-------------------.-------------------.\n\
              | 5   3   12  | 6 7 8 | 9 1 2 |\n";
    assert_eq!(text::detect(pm.lines().nth(1).unwrap(), None), Some(Format::Pencilmarks));
    let rec = detect(&write_candidates(&Candidates::from_grid(&classic())));
    assert_eq!(rec.format, Format::Pencilmarks);

    let rec = detect(
        "[Puzzle]\n#A me\n53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n\
                      7...2...6\n.6....28.\n...419..5\n....8..79\n",
    );
    assert_eq!((rec.format, rec.line), (Format::Sdk, 3));
    let rec = detect(&write(&classic(), Format::Grid));
    assert_eq!((rec.format, &rec.grid), (Format::Grid, &classic()));
    let rec = detect(&write(&classic(), Format::Ss));
    assert_eq!((rec.format, &rec.grid), (Format::Ss, &classic()));
    // A one-row 4x4 grid layout is not a line.
    let rec = detect("12 34\n34 12\n21 43\n43 21\n");
    assert_eq!(rec.format, Format::Grid);
    assert_eq!(rec.grid.values()[..4], [1, 2, 3, 4]);
}

#[test]
fn lower_case_letters_read_as_upper_case() {
    let upper = "123456789ABCDEFG".repeat(16);
    let lower = upper.to_lowercase();
    let a = parse_grid(&upper).unwrap();
    let b = parse_grid(&lower).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.shape(), shape(4, 4));
    assert_eq!(a.values()[15], 16);
    assert_eq!(to_line(&b), upper);
}

#[test]
fn wrong_lengths_are_errors() {
    let e = parse_err(&P[..80], ReadOptions::default());
    assert_eq!(e.line(), 1);
    let msg = e.to_string();
    assert!(msg.starts_with("line 1: 80 cells") && msg.contains("81 for 9x9"), "{msg}");
    let e = parse_err(&".".repeat(143), opts(Some(Format::Line), Some(shape(3, 4))));
    assert_eq!(e.to_string(), "line 1: expected 144 cells for 3x4, found 143");
    assert!(matches!(e.kind(), ParseErrorKind::WrongCellCount { expected: 144, found: 143, .. }));
    // A grid row short of a cell.
    let mut rows: Vec<&str> =
        P.as_bytes().chunks(9).map(|r| std::str::from_utf8(r).unwrap()).collect();
    rows[2] = "98....6.";
    let e = parse_err(&rows.join("\n"), ReadOptions::default());
    assert_eq!(e.to_string(), "line 3, row 3: expected 9 cells, found 8");
    // Too few rows.
    let e = parse_err(&rows[3..].join("\n"), opts(Some(Format::Grid), None));
    assert_eq!(e.to_string(), "line 1: end of input after 6 of 9 rows");
}

#[test]
fn bad_characters_name_line_row_column_and_character() {
    let text = format!("{P}\n{}?{}\n", &P[..40], &P[41..]);
    let records = read_all(&text, ReadOptions::default());
    assert!(records[0].is_ok());
    let Err(ReadError::Parse(e)) = &records[1] else { panic!("{:?}", records[1]) };
    assert_eq!(e.to_string(), "line 2, row 5, column 5: unexpected character '?'");
    assert_eq!((e.line(), e.cell(), e.ch()), (2, Some((5, 5)), Some('?')));
    // In a grid layout the column counts cells, not characters.
    let e = parse_err("5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . ? .\n", ReadOptions::default());
    assert_eq!(e.to_string(), "line 2, row 2, column 8: unexpected character '?'");
    // Tokens that are not numbers.
    let e = parse_err("10 1 2 3 4 5 6 7 8 9 x 0 0 0 0 0\n", opts(Some(Format::Tokens), None));
    assert_eq!(e.to_string(), "line 1, row 1, column 11: 'x' is not a number");
    assert_eq!(e.token(), Some("x"));
}

#[test]
fn symbols_beyond_the_shape_are_errors() {
    let e = parse_err("1234123412341235", opts(Some(Format::Line), None));
    assert_eq!(
        e.to_string(),
        "line 1, row 4, column 4: symbol '5' is larger than the board size 4"
    );
    let text = format!("A{}", &P[1..]);
    let e = parse_err(&text, opts(Some(Format::Line), None));
    assert_eq!(
        e.to_string(),
        "line 1, row 1, column 1: symbol 'A' (10) is larger than the board size 9"
    );
    assert_eq!(e.ch(), Some('A'));
    let e = parse_err("1 2 3 4\n0 0 0 5\n", opts(Some(Format::Tokens), None));
    assert_eq!(e.to_string(), "line 2, row 2, column 4: value 5 is larger than the board size 4");
    let e = parse_err("5 3 12 | 6 7 8 | 9 1 A\n", opts(Some(Format::Pencilmarks), None));
    assert_eq!(
        e.to_string(),
        "line 1, row 1, column 9: symbol 'A' (10) is larger than the board size 9"
    );
}

#[test]
fn boards_beyond_64_are_errors() {
    let all = vec!["0"; 65 * 65].join(" ");
    let e = parse_err(&all, ReadOptions::default());
    assert!(matches!(e.kind(), ParseErrorKind::UnsupportedSize { size: 65, max_size: 64 }), "{e}");
    assert_eq!(e.to_string(), "line 1: board size 65 is not supported (the largest is 64x64)");
    let row = vec!["10"; 65].join(" ");
    let e = parse_err(&row, opts(Some(Format::Tokens), None));
    assert!(matches!(e.kind(), ParseErrorKind::NotASquare { cells: 65, max_size: 64 }), "{e}");
    let e = parse_err(&row, opts(Some(Format::Grid), None));
    assert!(matches!(e.kind(), ParseErrorKind::UnsupportedSize { size: 65, .. }), "{e}");
    // One character per cell stops at 35.
    let e = parse_err(&".".repeat(36 * 36), opts(Some(Format::Line), None));
    assert!(matches!(e.kind(), ParseErrorKind::UnsupportedSize { size: 36, max_size: 35 }), "{e}");
    let pm = vec!["12"; 36].join(" ");
    let e = parse_err(&pm, opts(Some(Format::Pencilmarks), None));
    assert!(e.to_string().contains("up to 35x35"), "{e}");
}

/// A line of more one-character tokens than a row can hold (blanks as
/// dots, or digits one a token) is a whole puzzle of tokens: read as one,
/// and when it is not one, the message names its cell count, not a board
/// side that large.
#[test]
fn a_long_line_of_dots_and_digits_spaced_is_one_puzzle_of_tokens() {
    for n in [9, 36, 64] {
        let mut cells = vec!["."; n * n];
        cells[1] = "1";
        let rec = parse(&cells.join(" "), ReadOptions::default()).unwrap();
        assert_eq!((rec.grid.shape().size(), rec.grid.clue_count()), (n, 1), "{n}");
        assert_eq!((rec.grid.values()[1], rec.format), (1, Format::Tokens), "{n}");
    }
    let e = parse_err(&vec!["."; 36 * 36 - 1].join(" "), ReadOptions::default());
    assert_eq!(
        e.to_string(),
        "line 1: 1295 cells is not a square board: expected 1225 for 35x35 or 1296 for 36x36 \
         (or give the shape explicitly)"
    );
    let e = parse_err(&vec!["0"; 64 * 64 + 1].join(" "), ReadOptions::default());
    assert_eq!(
        e.to_string(),
        "line 1: 4097 cells is more than the largest board here holds (4096 for 64x64)"
    );
    let e = parse_err(&vec!["."; 36 * 36].join(" "), opts(None, Some(Shape::CLASSIC)));
    assert_eq!(e.to_string(), "line 1: expected 81 cells for 3x3, found 1296");
}

#[test]
fn empty_input_has_no_records() {
    for text in ["", "\n\n", "# only a comment\n", "   \r\n"] {
        for format in [None, Some(Format::Grid), Some(Format::Line), Some(Format::Pencilmarks)] {
            assert!(read_all(text, opts(format, None)).is_empty(), "{text:?} {format:?}");
        }
    }
    let e = parse_err("", ReadOptions::default());
    assert_eq!(e.kind(), &ParseErrorKind::NoPuzzle);
}

#[test]
fn binary_input_is_an_error_naming_the_line() {
    let bytes: &[u8] = b"\x00\x01\x02\xff\xfe binary\n\x00\x00";
    let records: Vec<_> = Reader::new(bytes, ReadOptions::default()).collect();
    let Some(Err(ReadError::Parse(e))) = records.first() else { panic!("{records:?}") };
    assert_eq!(e.to_string(), "line 1 is not text (binary data)");
    assert!(records.iter().all(Result::is_err));
    // Invalid UTF-8 in the middle of a batch.
    let mut bytes = format!("{P}\n").into_bytes();
    bytes.extend_from_slice(b"53..\xc3\x28\n");
    bytes.extend_from_slice(format!("{P}\n").as_bytes());
    let records: Vec<_> = Reader::new(&bytes[..], ReadOptions::default()).collect();
    assert_eq!(records.len(), 3);
    assert_eq!(records[1].as_ref().unwrap_err().to_string(), "line 2 is not text (binary data)");
    assert!(records[0].is_ok() && records[2].is_ok());
}

#[test]
fn a_ten_megabyte_line_is_an_error_and_reading_goes_on() {
    let mut bytes = vec![b'1'; 10 << 20];
    bytes.push(b'\n');
    bytes.extend_from_slice(format!("{P}\n").as_bytes());
    // A small buffer, so the overlong line is skipped in many reads.
    let input = BufReader::with_capacity(4096, Cursor::new(bytes));
    let mut reader = Reader::new(input, ReadOptions::default());
    let e = reader.next().unwrap().unwrap_err();
    assert_eq!(e.to_string(), "line 1 is longer than 1 MiB");
    assert_eq!(e.line(), Some(1));
    let rec = reader.next().unwrap().unwrap();
    assert_eq!((rec.line, &rec.grid), (2, &classic()));
    assert!(reader.next().is_none());
    // The same in a block format.
    let mut bytes = b"# big\n".to_vec();
    bytes.extend(std::iter::repeat_n(b'.', 2 << 20));
    bytes.extend_from_slice(b"\n\n");
    bytes.extend_from_slice(write(&classic(), Format::Grid).as_bytes());
    let records: Vec<_> = Reader::new(&bytes[..], opts(Some(Format::Grid), None)).collect();
    assert_eq!(records.len(), 2, "{records:?}");
    assert_eq!(records[0].as_ref().unwrap_err().line(), Some(2));
    assert_eq!(records[1].as_ref().unwrap().grid, classic());
}

/// An endless input: `byte` for ever, counting the bytes handed out.
struct Endless {
    byte: u8,
    given: usize,
}

impl Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        buf.fill(self.byte);
        self.given += buf.len();
        Ok(buf.len())
    }
}

/// The read error that ends reading `input` line by line, and the number
/// of items before it; panics if reading does not end.
fn first_io_error(mut reader: Reader<impl std::io::BufRead>) -> (std::io::Error, usize) {
    let mut before = 0;
    for item in reader.by_ref() {
        match item {
            Err(ReadError::Io(e)) => {
                assert!(reader.next().is_none(), "reading goes on after {e}");
                return (e, before);
            }
            _ => before += 1,
        }
    }
    panic!("the input ended without an error");
}

#[test]
fn endless_nul_bytes_end_the_reading_after_one_mebibyte() {
    // `/dev/zero`: no line end, ever. Each reader stops after reading about
    // MAX_LINE bytes, with an error naming line 1.
    for format in [None, Some(Format::Line), Some(Format::Grid)] {
        let input = BufReader::new(Endless { byte: 0, given: 0 });
        let (e, before) = first_io_error(Reader::new(input, opts(format, None)));
        assert_eq!(before, 0);
        assert_eq!(e.kind(), std::io::ErrorKind::InvalidData);
        assert_eq!(
            e.to_string(),
            "line 1 is binary data (a NUL byte and no line end in its first 1 MiB): \
             not puzzle text; reading stopped"
        );
    }
    // The block reader stops at the same line, after the lines before it.
    let mut head = format!("{P}\n{P}\n").into_bytes();
    head.extend(std::iter::repeat_n(0u8, MAX_LINE + 10));
    for size in [1, 1 << 20] {
        let reader = Reader::new(&head[..], opts(None, None));
        let mut got = Vec::new();
        for piece in Blocks::new(reader, size, 1) {
            match piece {
                Piece::Record(item) => got.push(item.map(|r| r.line).map_err(|e| e.to_string())),
                Piece::Lines(block) => {
                    for part in block.parts() {
                        let mut records = part.records();
                        while let Some(item) = records.next_record() {
                            got.push(item.map(|r| r.line).map_err(|e| e.to_string()));
                        }
                    }
                }
            }
        }
        assert_eq!(got.len(), 3, "{got:?}");
        assert_eq!(&got[..2], &[Ok(1), Ok(2)]);
        let last = got[2].as_ref().unwrap_err();
        assert!(last.contains("line 3 is binary data"), "{last}");
    }
}

#[test]
fn a_line_with_no_end_in_sixteen_mebibytes_ends_the_reading() {
    let reader =
        Reader::new(BufReader::new(Endless { byte: b'1', given: 0 }), ReadOptions::default());
    let (e, before) = first_io_error(reader);
    assert_eq!(before, 0);
    assert_eq!(
        e.to_string(),
        "line 1 has no line end in its first 16 MiB: not puzzle text; reading stopped"
    );
    // The block reader, reading the same endless line.
    let mut endless = BufReader::new(Endless { byte: b'1', given: 0 });
    let reader = Reader::new(&mut endless, opts(Some(Format::Line), None));
    let mut errors = Vec::new();
    for piece in Blocks::new(reader, 1 << 20, 1 << 15) {
        match piece {
            Piece::Record(Err(e)) => errors.push(e.to_string()),
            Piece::Record(Ok(_)) => panic!("a record from an endless line"),
            Piece::Lines(block) => assert!(block.is_empty(), "lines from an endless line"),
        }
    }
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains("no line end in its first 16 MiB"), "{errors:?}");
    let read = endless.get_ref().given;
    assert!(read <= MAX_SKIPPED_LINE + (1 << 16), "{read} bytes read");
}

#[test]
fn a_board_with_no_natural_box_needs_its_shape_given() {
    // One character, four and nine cells: 1x1, 2x2 and 3x3 boards; 25 and
    // 49 cells: prime sides.
    for (cells, size) in [(1, 1), (4, 2), (9, 3), (25, 5), (49, 7)] {
        let text = "1".to_string() + &".".repeat(cells - 1);
        let e = parse_err(&text, opts(Some(Format::Line), None));
        assert_eq!(e.kind(), &ParseErrorKind::NoNaturalBox { size }, "{text}");
        assert!(e.to_string().starts_with("line 1: a "), "{e}");
        // Given, the shape is read.
        let one_row = Shape::new(1, size).unwrap();
        let rec = parse(&text, opts(Some(Format::Line), Some(one_row))).unwrap();
        assert_eq!(rec.grid.shape(), one_row);
    }
    let e = parse_err("1", ReadOptions::default());
    assert_eq!(e.kind(), &ParseErrorKind::NoNaturalBox { size: 1 }, "{e}");
    assert!(e.to_string().contains("too small"), "{e}");
    let e = parse_err(&".".repeat(25), opts(Some(Format::Line), None));
    assert!(e.to_string().contains("5 is prime") && e.to_string().contains("1x5"), "{e}");
    // A short first row says the side has no default shape before it judges
    // the row's symbols against that side, or waits for rows that never come.
    for (text, size) in [("abc", 3), ("12", 2), ("12345", 5), ("1.3\n", 3)] {
        let e = parse_err(text, ReadOptions::default());
        assert_eq!(e.kind(), &ParseErrorKind::LoneRow { size }, "{text}: {e}");
        assert!(e.to_string().contains("81 for 9x9"), "{e}");
    }
    // A second row makes it a grid, whose side then needs its shape.
    let e = parse_err("12345\n23451\n", ReadOptions::default());
    assert!(matches!(e.kind(), ParseErrorKind::Incomplete { found: 2, expected: 5, .. }), "{e}");
    // With separators, or the shape given, such a row starts a block.
    let rec = parse("1|2\n2|1", ReadOptions::default()).unwrap();
    assert_eq!(
        (rec.grid.shape(), rec.grid.values()),
        (Shape::new(2, 1).unwrap(), &[1, 2, 2, 1][..])
    );
    let e = parse_err("abc", opts(None, Some(Shape::new(1, 3).unwrap())));
    assert!(matches!(e.kind(), ParseErrorKind::SymbolTooLarge { .. }), "{e}");
    // The smallest natural board still reads without a shape.
    let rec = parse("1...2...3...4...", ReadOptions::default()).unwrap();
    assert_eq!(rec.grid.shape(), shape(2, 2));
}

#[test]
fn a_bad_line_in_a_batch_does_not_stop_the_rest() {
    let text = format!("{P}\n{}\n{P} # third\n", &P[1..]);
    let records = read_all(&text, ReadOptions::default());
    assert_eq!(records.len(), 3);
    assert!(records[0].is_ok());
    assert_eq!(records[1].as_ref().unwrap_err().line(), Some(2));
    let third = records[2].as_ref().unwrap();
    assert_eq!((third.line, third.comment.as_deref()), (3, Some("third")));
    // Tokens, one puzzle per line.
    let good = to_tokens_line(&classic());
    let text = format!("{good}\n{}\n{good}\n", &good[2..]);
    let records = read_all(&text, ReadOptions::default());
    assert_eq!(records.iter().map(Result::is_ok).collect::<Vec<_>>(), [true, false, true]);
}

#[test]
fn block_formats_resynchronise_after_an_error() {
    let good = write(&classic(), Format::Grid);
    let bad = good.replacen("7", "?", 1);
    let short: String = good.lines().take(5).map(|l| format!("{l}\n")).collect();
    // Separated by blank lines, or back to back.
    for sep in ["\n", ""] {
        let text = [good.as_str(), &bad, &good, &short, &good].join(sep);
        let records = read_all(&text, ReadOptions::default());
        let ok: Vec<bool> = records.iter().map(Result::is_ok).collect();
        if sep.is_empty() {
            // Without blank lines a short block swallows rows of the next.
            assert_eq!(ok[..3], [true, false, true], "{records:?}");
        } else {
            assert_eq!(ok, [true, false, true, false, true], "{records:?}");
            let e = records[3].as_ref().unwrap_err();
            assert!(e.to_string().ends_with("the puzzle ends after 4 of 9 rows"), "{e}");
        }
    }
    // A blank line inside a puzzle cuts it short, and is no silent merge.
    let text = "53..7....\n6..195...\n.98....6.\n\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n\
                ...419..5\n....8..79\n";
    let records = read_all(text, ReadOptions::default());
    assert_eq!(records.len(), 2);
    let e = records[0].as_ref().unwrap_err();
    assert_eq!(e.to_string(), "line 1: the puzzle ends after 3 of 9 rows");
    assert!(records[1].is_err());
    // A stray title line before a grid does not swallow the grid.
    let text = format!("Puzzle 1:\n{good}");
    let records = read_all(&text, opts(Some(Format::Grid), None));
    assert_eq!(records.len(), 2);
    assert_eq!(records[1].as_ref().unwrap().grid, classic());
}

#[test]
fn sdk_sections_other_than_puzzle_are_skipped() {
    let body = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n\
                ...419..5\n....8..79\n";
    let text = format!("[Puzzle]\n{body}[State]\n1 2 3\nwhatever\n[Puzzle]\n#D again\n{body}");
    let records = read_all(&text, ReadOptions::default());
    assert_eq!(records.len(), 2, "{records:?}");
    let second = records[1].as_ref().unwrap();
    assert_eq!((second.line, second.comment.as_deref()), (16, Some("D again")));
    // A section inside a puzzle cuts it short.
    let text = format!("[Puzzle]\n53..7....\n[Puzzle]\n{body}");
    let records = read_all(&text, ReadOptions::default());
    assert_eq!(records.len(), 2);
    assert!(records[0].is_err() && records[1].is_ok());
}

#[test]
fn formats_parse_and_print_by_name() {
    for f in Format::ALL {
        assert_eq!(f.to_string().parse::<Format>(), Ok(f));
    }
    assert_eq!("PM".parse::<Format>(), Ok(Format::Pencilmarks));
    assert_eq!(" Grid ".parse::<Format>(), Ok(Format::Grid));
    let e = "csv".parse::<Format>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "unknown format 'csv' (expected one of line, tokens, grid, sdk, ss, pencilmarks)"
    );
}

#[test]
fn the_reader_never_panics_on_garbage() {
    let mut rng = XorShift(99);
    let alphabet = b"0123456789.|-+ \n\n#[]abcxyzAG*:!\r\t\x00\xff";
    for len in [1usize, 5, 40, 200, 1000] {
        for _ in 0..200 {
            let bytes: Vec<u8> =
                (0..len).map(|_| alphabet[rng.below(alphabet.len() as u64) as usize]).collect();
            for format in [None].into_iter().chain(Format::ALL.map(Some)) {
                for shape in [None, Some(shape(2, 2)), Some(shape(6, 7))] {
                    let reader = Reader::new(&bytes[..], opts(format, shape));
                    // Every item is either a record or an error; the number of
                    // items is bounded by the lines.
                    let lines = bytes.iter().filter(|&&b| b == b'\n').count() + 1;
                    assert!(reader.take(lines + 2).count() <= lines);
                }
            }
        }
    }
}

#[test]
fn reads_through_any_buf_read() {
    // Chained readers split lines across buffer boundaries.
    let text = format!("{P}\n{P}\n");
    let (a, b) = text.as_bytes().split_at(50);
    let input = BufReader::with_capacity(7, a.chain(b));
    let records: Vec<_> = Reader::new(input, ReadOptions::default()).collect();
    assert_eq!(records.len(), 2);
    assert!(records.iter().all(|r| r.as_ref().is_ok_and(|r| r.grid == classic())));
}

#[test]
fn reads_bordered_pencil_marks() {
    // The layout of HoDoKu and the forums: a border frame, `|` at the edges,
    // `:` between boxes.
    let cands = Candidates::from_grid(&classic());
    let plain = write_candidates(&cands);
    let mut text = String::from(".-----------.\n");
    for line in plain.lines() {
        if line.starts_with('-') {
            text.push_str(":-----------:\n");
        } else {
            text.push_str(&format!("| {} |\n", line.replace('|', ":")));
        }
    }
    text.push_str("'-----------'\n");
    let rec = parse(&text, ReadOptions::default()).unwrap();
    assert_eq!(rec.format, Format::Pencilmarks);
    assert_eq!((rec.line, rec.candidates.as_ref()), (2, Some(&cands)));
    // An empty cell cannot be written as a blank.
    let text = plain.replacen("124", ".", 1);
    let e = parse_err(&text, opts(Some(Format::Pencilmarks), None));
    assert_eq!(e.to_string(), "line 1, row 1, column 3: unexpected character '.'");
}
