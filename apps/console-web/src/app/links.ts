/** External documentation opened from the sidebar (new tab). */
export const DOCUMENTATION_URL = 'https://min.io/docs/minio/linux/index.html';
