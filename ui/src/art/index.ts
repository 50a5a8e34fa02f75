// Procedural tile art: tiles, follower spots and follower pieces as SVG.
export type { Pt, Rotation } from './model';
export { tileSvg, tileGroup, rotationTransform, PALETTE, type TileArtOptions } from './tile';
export { featureAnchor, featureAnchors, rotatePoint } from './anchor';
export { followerSvg, type FollowerKind } from './follower';
export { layoutTile, type Layout } from './layout/index';
