//! The Abbot (R-ABBOT-1 … R-ABBOT-4): one abbot per player, for monasteries, shrines and
//! gardens; gardens are features only with the Abbot (otherwise scenery); the abbot may be
//! taken back instead of deploying, scoring its feature at once as at the end of the game.

use super::Rules;
use crate::action::FollowerKind;
use crate::tiles::FeatureKind;

/// R-ABBOT-1: one abbot per player.
pub fn abbots(rules: &Rules) -> u8 {
    u8::from(rules.abbot)
}

/// Whether `follower` may stand on a feature of `kind` (R-BASE-5, R-ABBOT-1, R-ABBOT-2).
pub fn occupiable(rules: &Rules, kind: FeatureKind, follower: FollowerKind) -> bool {
    match follower {
        FollowerKind::Abbot => {
            rules.abbot
                && matches!(
                    kind,
                    FeatureKind::Monastery | FeatureKind::Shrine | FeatureKind::Garden
                )
        }
        FollowerKind::Meeple | FollowerKind::BigMeeple => match kind {
            FeatureKind::City
            | FeatureKind::Road
            | FeatureKind::Monastery
            | FeatureKind::Shrine => true,
            FeatureKind::Field => rules.farmers,
            // Gardens take only the abbot; rivers and volcanoes take nobody (R-RIVER-3).
            FeatureKind::Garden | FeatureKind::River | FeatureKind::Volcano => false,
        },
    }
}

/// Whether a centre feature of this kind is scored by its neighbours in this game.
pub fn scored_like_monastery(rules: &Rules, kind: FeatureKind) -> bool {
    match kind {
        FeatureKind::Monastery | FeatureKind::Shrine => true,
        FeatureKind::Garden => rules.abbot,
        _ => false,
    }
}
