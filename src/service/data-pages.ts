/**
 * Pages generated from data rather than listed in the page map: one per implementation of the
 * report (`/implementations/<id>/`, ids as docs/implementations.md says). They are pages like any
 * other: in every language, in the sitemap, with a Link header naming their alternates and twin.
 */
const IMPLEMENTATION_PAGE = /^\/implementations\/([a-z0-9]+(?:-[a-z0-9]+)*)\/$/;

/** The English path of an implementation's page. */
export const implementationPage = (id: string): string => `/implementations/${id}/`;

/** The implementation id an English page path shows, if it is an implementation's page. */
export const implementationOfPage = (path: string): string | undefined => IMPLEMENTATION_PAGE.exec(path)?.[1];

/** The JSON twin of every data page: the record that lists it. */
export const DATA_PAGE_TWIN = '/v1/implementations';

/** The data pages of a built report (the text of dist/v1/implementations.json): one per listed implementation. */
export const dataPagesOfReport = (reportJson: string): string[] =>
  (JSON.parse(reportJson) as { implementations: { id: string }[] }).implementations.map((i) =>
    implementationPage(i.id),
  );
