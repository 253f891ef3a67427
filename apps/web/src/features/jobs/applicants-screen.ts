/**
 * Whether #/EmployerJobapplicants/:jobId has a screen yet. It arrives with a later issue; until
 * then job lists show "N applicants" as text rather than a link to the fallback screen.
 * src/app/router.test.tsx checks this against the router, so mounting the screen fails that
 * test until this says true.
 */
export const isApplicantsScreenMounted = true;

export const applicantsPath = (jobId: number) => `/EmployerJobapplicants/${jobId}`;
