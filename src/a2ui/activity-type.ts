// The activity type `@ag-ui/a2ui-middleware` gives its surfaces (alone, so the store's shell carries one string).
export const A2UI_ACTIVITY_TYPE = 'a2ui-surface';
