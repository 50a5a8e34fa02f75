// Geometry of a tile, computed once from its features (canonical orientation, 100 × 100 box).
// art/tile.ts draws it; art/anchor.ts reads the follower spots from it. One builder per feature
// kind, run in an order where each keeps clear of what the earlier ones placed: cities, rivers,
// roads that pass through, centre buildings, roads that end, bridges, inns, fields, gardens and
// pig herds, and last the follower spots.
import type { TileInfo } from '../../bindings';
import { edgeTerrain, SIDES, type Draft, type Layout } from './base';
import { buildCities, ckrGeom } from './city';
import { buildRivers } from './river';
import { addBridges, endingRoads, placeInns, throughRoads } from './road';
import { placeCentreBuildings, placeFieldSpecials } from './building';
import { buildFields } from './field';
import { placeAnchors } from './anchors';

export {
  edgeTerrain, MIN_ANCHOR_GAP, PORT_POS, RIVER_HW, ROAD_HW, SIDES,
  type BuildingGeom, type CityGeom, type CkrGeom, type Deco, type DecoKind, type Layout, type RiverGeom, type RoadGeom, type Side,
} from './base';

const cache = new WeakMap<TileInfo, Layout>();

export function layoutTile(tile: TileInfo): Layout {
  const hit = cache.get(tile);
  if (hit) return hit;
  const l = computeLayout(tile);
  cache.set(tile, l);
  return l;
}

function computeLayout(tile: TileInfo): Layout {
  const feats = tile.features ?? [];
  const isCkr = tile.set === 'ckr_city' || SIDES.some((s) => edgeTerrain(tile, s) === 'internal');
  const d: Draft = { tile, feats, ckr: isCkr ? ckrGeom(tile) : null, cities: [], rivers: [], roads: [], buildings: [], decos: [], junction: null };
  d.cities = buildCities(tile, feats, isCkr);
  d.rivers = buildRivers(d);
  d.roads = throughRoads(d);
  placeCentreBuildings(d);
  endingRoads(d);
  addBridges(d);
  placeInns(d);
  const { fields, spurs } = buildFields(d);
  placeFieldSpecials(d, fields);
  const { anchors, fieldCells } = placeAnchors(d, fields);
  const { cities, roads, rivers, buildings, decos, ckr } = d;
  return { tile, cities, roads, rivers, buildings, decos, spurs, ckr, anchors, fieldCells };
}
