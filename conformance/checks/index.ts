/**
 * The registry of checks, in the order they run and are reported. A check's `id` is its CLI
 * and config key (`--checks`, `--exclude-checks`).
 */
import type { Check } from '../check.js';
import { dailyMatchesSales, dailyNewestFirst, dailyOnePerDay, dailyOnlySaleDays } from './daily.js';
import { a2IdentifiersFlag, a2NoVariantsWithoutFlag, a2PricesFlag, a2VariantsFlag, displayFlagCombinations, identifiersNotEntitled } from './display.js';
import { emptyListsAreEnvelopes, envelopeData, envelopeMeta, envelopeSchemaDocument, envelopeSchemaNames, envelopeSchemaUrl } from './envelope.js';
import { coverage, fuzz } from './generated.js';
import { idTypes } from './ids.js';
import { jsonFidelity } from './json-fidelity.js';
import { b2Variants, b4IdOrSlug, lookupExactIdentity, lookupSlugIdSame, notFound, searchMatchesLookup, slugAddressedSame } from './lookup.js';
import { badParameters, parameterBounds, unknownQueryIgnored } from './parameters.js';
import { paginationWalk } from './pagination.js';
import { problemDetails } from './problems.js';
import { a3AllVariants, a3VariantFilter, b3DefaultPage, b3NumericId, b3Pagination, b3SaleLocation, b3SaleType, saleBelongs, salesCountsWithinHistory, salesNewestFirst } from './sales.js';
import { productionDeviation, responseSchema } from './schema.js';
import { searchBySkuNameBrand, searchPagination, searchPopularityOrder, searchRelevance, searchTotalCap } from './search.js';
import { authForms, authRequired, freeTierOpen, keyTypeHeaders, premiumEntitled, premiumNotEntitled } from './tiers.js';
import { currencyFollowsMarket, identifierDigits, priceSummaryOrder, wholePrices, variantAsksAgree, variantKrCm, variantPositions, variantSalesCounts, variantSizesAgree } from './variants.js';
import { adidasEuThirds, bAvailableAgrees, buyNowMajority, nikeSizeChart, rankFromOne, skuSpelling } from './values.js';
import { bReleaseYear, bSizeNumbers, breadcrumbLevels, countsNotNegative, sizeLabels, variantIdsUnique, weeklyOrdersRange } from './fields.js';
import { contentType, deprecationHeaders, noServerError, transport, utcTimestamps, versionedPaths } from './transport.js';
import { conditionalGet, headLikeGet, methodNotAllowed, readOnlyMethods } from './methods.js';

/** Every check. */
export const CHECKS: readonly Check[] = [
  // must: rules the description states
  responseSchema,
  contentType,
  versionedPaths,
  envelopeData,
  emptyListsAreEnvelopes,
  envelopeSchemaUrl,
  envelopeSchemaNames,
  envelopeMeta,
  idTypes,
  a2VariantsFlag,
  a2PricesFlag,
  a2IdentifiersFlag,
  a2NoVariantsWithoutFlag,
  identifiersNotEntitled,
  displayFlagCombinations,
  a3AllVariants,
  a3VariantFilter,
  dailyOnePerDay,
  dailyMatchesSales,
  variantSizesAgree,
  variantSalesCounts,
  salesCountsWithinHistory,
  priceSummaryOrder,
  b2Variants,
  bReleaseYear,
  bSizeNumbers,
  variantIdsUnique,
  sizeLabels,
  b3SaleType,
  b3SaleLocation,
  lookupSlugIdSame,
  slugAddressedSame,
  b4IdOrSlug,
  lookupExactIdentity,
  premiumEntitled,
  premiumNotEntitled,
  freeTierOpen,
  readOnlyMethods,
  searchBySkuNameBrand,
  // should: production behaviour (the notes), HTTP/JSON practice, what the description shows only in samples
  salesNewestFirst,
  dailyNewestFirst,
  searchRelevance,
  searchPagination,
  searchTotalCap,
  searchPopularityOrder,
  searchMatchesLookup,
  saleBelongs,
  b3Pagination,
  b3DefaultPage,
  dailyOnlySaleDays,
  variantAsksAgree,
  currencyFollowsMarket,
  identifierDigits,
  wholePrices,
  rankFromOne,
  skuSpelling,
  buyNowMajority,
  adidasEuThirds,
  bAvailableAgrees,
  nikeSizeChart,
  breadcrumbLevels,
  countsNotNegative,
  weeklyOrdersRange,
  variantPositions,
  utcTimestamps,
  envelopeSchemaDocument,
  productionDeviation,
  authRequired,
  authForms,
  keyTypeHeaders,
  problemDetails,
  notFound,
  badParameters,
  parameterBounds,
  unknownQueryIgnored,
  noServerError,
  transport,
  jsonFidelity,
  methodNotAllowed,
  headLikeGet,
  conditionalGet,
  b3NumericId,
  // info: this kit's own decisions (reported, never failing a run)
  variantKrCm,
  deprecationHeaders,
  // should: the generated phases (requests built from the contract's parameter schemas)
  coverage,
  paginationWalk,
  fuzz,
];

/** Every check id, in registry order. */
export const CHECK_IDS: readonly string[] = CHECKS.map((c) => c.id);
