//! The three batch queries as the scalar ones open and close their loop:
//! the same functions before and after it, so each lane's answer is the
//! scalar query's.

use crate::engine::config::{Config, Error};
use crate::engine::pair::Pair;
use crate::engine::{CoreAnswer, Opened, Opening};
use crate::epa::{
    default_room, DEFAULT_EPA_FACETS, DEFAULT_EPA_VERTICES, FULL_EPA_FACETS, FULL_EPA_VERTICES,
};
use crate::math::real::Real;
use crate::query::contact::{signed_close, signed_open, Contact};
use crate::query::distance::{
    distance_close, distance_open, intersects_close, intersects_open, Distance,
};
use crate::shape::SupportMap;
use crate::simplex::Simplex;

/// A query that runs one GJK loop on a pair: what it does before the loop
/// and after it.
pub(crate) trait LoopQuery<T: Real, const D: usize>: Copy {
    /// The query's answer for a pair.
    type Output;
    /// What the query carries from before its loop to after it.
    type Ctx: Copy;
    /// Up to the loop: an answer, or the pair's loop (its first simplex
    /// written to `simplex`).
    fn open<'s, A, B>(
        self,
        a: &'s A,
        b: &'s B,
        config: &Config<T, D>,
        simplex: &mut Simplex<T, D>,
    ) -> Opening<'s, A, B, T, Self::Output, Self::Ctx>
    where
        A: SupportMap<T, D> + ?Sized,
        B: SupportMap<T, D> + ?Sized;
    /// After the loop: its answer on the cores, ending on `simplex`.
    fn close<A, B>(
        self,
        answer: &CoreAnswer<T, D>,
        pair: &Pair<'_, A, B, T>,
        simplex: &Simplex<T, D>,
        ctx: Self::Ctx,
        config: &Config<T, D>,
    ) -> Result<Self::Output, Error>
    where
        A: SupportMap<T, D> + ?Sized,
        B: SupportMap<T, D> + ?Sized;
}

/// A query whose context is the margins and whose ends are its own
/// `open` and `close` functions.
macro_rules! margins_query {
    ($(#[$doc:meta])* $name:ident, $out:ty, $open:ident, $close:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub(crate) struct $name;

        impl<T: Real, const D: usize> LoopQuery<T, D> for $name {
            type Output = $out;
            type Ctx = (T, T);
            #[inline(always)]
            fn open<'s, A, B>(
                self,
                a: &'s A,
                b: &'s B,
                config: &Config<T, D>,
                simplex: &mut Simplex<T, D>,
            ) -> Opening<'s, A, B, T, Self::Output, Self::Ctx>
            where
                A: SupportMap<T, D> + ?Sized,
                B: SupportMap<T, D> + ?Sized,
            {
                $open(a, b, config, simplex)
            }
            #[inline(always)]
            fn close<A, B>(
                self,
                answer: &CoreAnswer<T, D>,
                pair: &Pair<'_, A, B, T>,
                _: &Simplex<T, D>,
                margins: (T, T),
                config: &Config<T, D>,
            ) -> Result<Self::Output, Error>
            where
                A: SupportMap<T, D> + ?Sized,
                B: SupportMap<T, D> + ?Sized,
            {
                $close(answer, pair, margins, config)
            }
        }
    };
}

margins_query!(
    /// [`distance`](crate::distance).
    DistanceQuery,
    Distance<T, D>,
    distance_open,
    distance_close
);

margins_query!(
    /// [`intersects`](crate::intersects).
    IntersectsQuery,
    bool,
    intersects_open,
    intersects_close
);

/// [`contact`](crate::contact) within `max_separation`, with the default
/// EPA capacity.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ContactQuery<T>(pub T);

impl<T: Real, const D: usize> LoopQuery<T, D> for ContactQuery<T> {
    type Output = Option<Contact<T, D>>;
    type Ctx = (T, T, T);
    #[inline(always)]
    fn open<'s, A, B>(
        self,
        a: &'s A,
        b: &'s B,
        config: &Config<T, D>,
        simplex: &mut Simplex<T, D>,
    ) -> Opening<'s, A, B, T, Self::Output, Self::Ctx>
    where
        A: SupportMap<T, D> + ?Sized,
        B: SupportMap<T, D> + ?Sized,
    {
        let max_separation = self.0;
        if !(max_separation >= T::zero()) || !max_separation.is_finite() {
            return Err(Error::InvalidConfig);
        }
        Ok(match signed_open(a, b, max_separation, config, simplex)? {
            Opened::Answered(s) => Opened::Answered(s.map(Contact::from_signed).transpose()?),
            Opened::Looping(pair, exits, ctx) => Opened::Looping(pair, exits, ctx),
        })
    }
    #[inline(always)]
    fn close<A, B>(
        self,
        answer: &CoreAnswer<T, D>,
        pair: &Pair<'_, A, B, T>,
        simplex: &Simplex<T, D>,
        ctx: Self::Ctx,
        config: &Config<T, D>,
    ) -> Result<Self::Output, Error>
    where
        A: SupportMap<T, D> + ?Sized,
        B: SupportMap<T, D> + ?Sized,
    {
        // EPA's room as `contact` picks it for the dimension.
        let signed = if default_room(D) {
            signed_close::<T, D, DEFAULT_EPA_VERTICES, DEFAULT_EPA_FACETS, _, _>
        } else {
            signed_close::<T, D, FULL_EPA_VERTICES, FULL_EPA_FACETS, _, _>
        };
        signed(answer, pair, simplex, ctx, config, &mut ())?
            .map(Contact::from_signed)
            .transpose()
    }
}
