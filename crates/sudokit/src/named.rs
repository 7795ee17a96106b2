/*!
`named_enum!`: the names of a field-less public enum, written once.

An enum the command line and the service take by name (a text format, a
level) gets from one table of `Variant => "name"` pairs: `ALL` (every
value, in the table's order), `name()`, `Display` (the name) and a
crate-private `from_name` (the value of a name, ignoring ASCII case and
surrounding whitespace) for its `FromStr`, which keeps its own error
type. The table must list every variant once: `name()` is a `match` over
it, so a missing variant does not compile. An enum whose `FromStr` error
is a `String` names its kind once (`Method parsed as "method" { ... }`),
and gets that `FromStr` too: an unknown name is refused with the kind,
the name and every name that is known.
*/

/// Implements `ALL`, `name()`, `Display` and `from_name` for `$ty` from a
/// table of `Variant => "name"`, and with `parsed as "kind"` a `FromStr`
/// with a `String` error (see the module docs).
macro_rules! named_enum {
    ($ty:ident parsed as $kind:literal { $($variant:ident => $name:literal),+ $(,)? }) => {
        crate::named::named_enum!($ty { $($variant => $name),+ });

        impl std::str::FromStr for $ty {
            type Err = String;

            fn from_str(s: &str) -> Result<$ty, String> {
                $ty::from_name(s).ok_or_else(|| {
                    let known = $ty::ALL.map($ty::name).join(", ");
                    format!(concat!("unknown ", $kind, " {:?}; expected one of: {}"), s, known)
                })
            }
        }
    };
    ($ty:ident { $($variant:ident => $name:literal),+ $(,)? }) => {
        impl $ty {
            #[doc = concat!("Every `", stringify!($ty), "`, in the order of their names in [`", stringify!($ty), "::name`].")]
            pub const ALL: [$ty; [$($name),+].len()] = [$($ty::$variant),+];

            #[doc = concat!("The name that `Display` writes and `FromStr` reads (in any case): ", $("`", $name, "` "),+)]
            pub fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name),+
                }
            }

            /// The value with this name, ignoring ASCII case and surrounding
            /// whitespace.
            pub(crate) fn from_name(name: &str) -> Option<$ty> {
                let name = name.trim();
                $ty::ALL.into_iter().find(|v| v.name().eq_ignore_ascii_case(name))
            }
        }

        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

pub(crate) use named_enum;
