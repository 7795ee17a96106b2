/*!
[`Potentials`]: the numbering of potentials that the chain searches share.

A potential is "digit `d` is in `cell`" (on) or "is not" (off). On a board
of side `n` it is the number `(cell * n + d) << 1 | on`, so the two
potentials of a candidate are neighbours, every candidate of a cell is in
one run, and tables of `cell_count * n * 2` entries index them directly
(parents, depths, marks).

Invariant: [`Potentials::split`] inverts [`Potentials::node`] for every
`cell < cell_count`, `d < n`.
*/

use std::collections::VecDeque;

/// Empties `on` and `off`, then queues `nodes` in order, each by its
/// polarity (the low bit: "on" potentials to `on`, "off" ones to `off`):
/// the start of a chain search's run, whatever width its nodes are stored
/// in.
pub(crate) fn queue_by_polarity<T: Copy + Into<u32>>(
    nodes: impl IntoIterator<Item = T>,
    on: &mut VecDeque<T>,
    off: &mut VecDeque<T>,
) {
    on.clear();
    off.clear();
    for node in nodes {
        if node.into() & 1 == 1 {
            on.push_back(node);
        } else {
            off.push_back(node);
        }
    }
}

/// The numbering of potentials on a board of side `n` (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Potentials {
    n: usize,
}

impl Potentials {
    /// The numbering for boards of side `n`.
    pub(crate) fn new(n: usize) -> Potentials {
        Potentials { n }
    }

    /// The potential of digit index `d` in `cell`, on or off.
    #[inline]
    pub(crate) fn node(self, cell: usize, d: usize, on: bool) -> u32 {
        (((cell * self.n + d) << 1) | usize::from(on)) as u32
    }

    /// `(cell, digit index, on)` of a potential.
    #[inline]
    pub(crate) fn split(self, node: u32) -> (usize, usize, bool) {
        let cd = (node >> 1) as usize;
        (cd / self.n, cd % self.n, node & 1 == 1)
    }
}

#[cfg(test)]
mod tests {
    use super::Potentials;

    #[test]
    fn split_inverts_node() {
        for n in [1, 4, 9, 16, 25] {
            let code = Potentials::new(n);
            let mut seen = std::collections::HashSet::new();
            for cell in 0..n * n {
                for d in 0..n {
                    for on in [false, true] {
                        let node = code.node(cell, d, on);
                        assert!((node as usize) < n * n * n * 2, "n {n}: {node} out of range");
                        assert!(seen.insert(node), "n {n}: {node} given twice");
                        assert_eq!(code.split(node), (cell, d, on));
                    }
                }
            }
        }
    }
}
