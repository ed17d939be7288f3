/** French texts. Several deployments in one console: the switcher, the palette, the login card. */
export const deployments = {
  deployments: {
    switcher: 'Changer de déploiement',
    current: 'Déploiement : {{name}}',
    loggedIn: 'Connecté',
    loggedOut: 'Non connecté',
    switchTo: 'Passer au déploiement {{name}}',
    list: 'Déploiements',
    title: '{{name}} · {{title}}',
  },
};
