//! Wings: XY-wing (4.2) and XYZ-wing (4.4). Boards up to 16x16.
//!
//! XY-wing: a bivalue pivot {x,y} sees two bivalue pincers {x,z} and {y,z};
//! whichever the pivot holds, one pincer is z, so z leaves every cell that
//! sees both pincers. XYZ-wing: the pivot is {x,y,z}, so z is in the pivot
//! or a pincer, and leaves every cell that sees all three.

use super::state::{State, bits};
use super::step::{Step, Technique, cell_list, elim_list};
use crate::digit::Digit;

/// Whether cells `a` and `b` (indices) are peers: they share a house of
/// the rules (row, column, box or region, diagonal, window, ...) or a
/// "must differ" group.
#[inline]
pub(crate) fn sees(st: &State, a: usize, b: usize) -> bool {
    st.layout().sees(a, b)
}

/// The first XY-wing that removes something.
pub(crate) fn xy_wing(st: &State) -> Option<Step> {
    wing(st, false)
}

/// The first XYZ-wing that removes something.
pub(crate) fn xyz_wing(st: &State) -> Option<Step> {
    wing(st, true)
}

/// The peers of `cell` that `keep` accepts, in the layout's order.
fn peers_where(st: &State, cell: usize, keep: impl Fn(usize) -> bool) -> Vec<usize> {
    st.layout().peers(cell).iter().map(|&p| p as usize).filter(|&p| keep(p)).collect()
}

fn wing(st: &State, xyz: bool) -> Option<Step> {
    let pivot_size = if xyz { 3 } else { 2 };
    for pivot in 0..st.shape().cell_count() {
        let pm = st.mask(pivot);
        if st.value(pivot) != 0 || pm.count_ones() != pivot_size {
            continue;
        }
        let pincers = peers_where(st, pivot, |p| {
            let m = st.mask(p);
            m.count_ones() == 2 && if xyz { m & pm == m } else { (m & pm).count_ones() == 1 }
        });
        for (k, &a) in pincers.iter().enumerate() {
            for &b in &pincers[k + 1..] {
                let (ma, mb) = (st.mask(a), st.mask(b));
                if ma == mb {
                    continue;
                }
                let z = ma & mb;
                if z.count_ones() != 1
                    || (!xyz && (z & pm != 0 || (ma | mb | pm).count_ones() != 3))
                {
                    continue;
                }
                if xyz && (z & pm == 0 || (ma | mb) != pm) {
                    continue;
                }
                let elims = peers_where(st, a, |c| {
                    c != b
                        && c != pivot
                        && st.mask(c) & z != 0
                        && sees(st, c, b)
                        && (!xyz || sees(st, c, pivot))
                });
                if !elims.is_empty() {
                    return Some(step(st, xyz, pivot, a, b, z, &elims));
                }
            }
        }
    }
    None
}

fn step(st: &State, xyz: bool, pivot: usize, a: usize, b: usize, z: u64, elims: &[usize]) -> Step {
    let shape = st.shape();
    let mut s = Step::new(if xyz { Technique::XYZWing } else { Technique::XYWing });
    let zd = Digit::new(z.trailing_zeros() as u8 + 1);
    s.cells = vec![State::cell(pivot), State::cell(a), State::cell(b)];
    s.digits = State::digits(st.mask(pivot) | st.mask(a) | st.mask(b));
    s.eliminations = elims.iter().map(|&c| (State::cell(c), zd)).collect();
    s.eliminations.sort();
    let set = |m: u64| bits(m).map(|b| (b + 1).to_string()).collect::<Vec<_>>().join("");
    s.explanation = format!(
        "{} with pivot {} {{{}}} and pincers {} {{{}}}, {} {{{}}}: {zd} must be in {}, so it \
         leaves the cells that see {}: {}",
        if xyz { "XYZ-wing" } else { "XY-wing" },
        State::cell(pivot).display(shape),
        set(st.mask(pivot)),
        State::cell(a).display(shape),
        set(st.mask(a)),
        State::cell(b).display(shape),
        set(st.mask(b)),
        if xyz { "the pivot or a pincer" } else { "one of the pincers" },
        if xyz { "all three" } else { "both pincers" },
        elim_list(shape, &s.eliminations)
    );
    let _ = cell_list;
    s
}
