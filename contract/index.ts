/**
 * Public surface of the contract layer: the contract (`openapi.yaml`, embedded), its operations, and the one
 * Ajv set-up that validates against it.
 */
export { contractText, loadContract, isObject } from './load.js';
export type { Json, JsonObject, OpenApiDocument } from './load.js';
export { listOperations, marketplacesOf, matchPath } from './operations.js';
export type { ContractOperation, ContractParameter, ContractResponse, OperationId, SchemaName } from './operations.js';
export { readRoles } from './roles.js';
export type { DataShape, IdField, IdKind, MetaRule, OperationRoles } from './roles.js';
export { getAt, ownAt, resolve, toPointer, escapeToken, unescapeToken, parsePointer } from './pointer.js';
export { ContractValidator, CONTRACT_ID, compileStandalone, documentValidator, FULL_VALIDATION_VALUES, validateWithDocument } from './validator.js';
export type { ParameterViolation, SchemaViolation } from './validator.js';
export { bundleSchema } from './bundle.js';
export { escapeMarkup, fillPath, hasLoneSurrogate, isSecretQueryName, markdownCell, markdownCode, printableUrl, SECRET_QUERY_NAMES, urlHost, urlSecrets, withoutUserinfo, xmlText } from './text.js';
export { PROBLEM_TYPES } from './problem-types.js';
export type { ProblemKind, ProblemType } from './problem-types.js';
export { CONSTRAINT_KEYWORDS, deviationBranches, listConstraints, provenanceOf, schemaObjects, strictSchemaOf } from './provenance.js';
export type { Constraint, ProvenanceSource } from './provenance.js';
export { boundConnections, ConnectionGate, CONNECTION_BOUNDS, LISTENER_BOUNDS, listenerOptions, type CountedSocket, type ListenerBounds } from './connections.js';
export type { ConnectionBounds, GatedAnswer, GatedSocket } from './connections.js';
export { deprecationHeadersOf } from './deprecation.js';
export type { DeprecationHeaders } from './deprecation.js';
export { citationSegments, CONTRACT_REFERENCE_URL, DESCRIPTION_SECTIONS, sectionLink } from './sections.js';
export type { CitationSegment, DescriptionSection, SectionLink } from './sections.js';
