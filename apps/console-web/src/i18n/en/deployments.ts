/** English texts. Several deployments in one console: the switcher, the palette, the login card. */
export const deployments = {
  deployments: {
    switcher: 'Switch deployment',
    current: 'Deployment: {{name}}',
    loggedIn: 'Logged in',
    loggedOut: 'Not logged in',
    switchTo: 'Switch to deployment {{name}}',
    list: 'Deployments',
    title: '{{name}} · {{title}}',
  },
};
