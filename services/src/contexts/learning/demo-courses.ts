/**
 * Demo courses written for Verba: one per language, three lessons (A1, A2, B1) of three short original
 * chapters, each with its word pairs (word as it appears in the text -> English). The last chapter of the
 * B1 lesson is premium, so the demo shows the upgrade path. Plain text; paragraphs split by a blank line.
 */
import type { LearningLanguage, Level } from '@verba/contracts';

export interface DemoChapter {
  title: string;
  text: string;
  vocabulary: [word: string, translation: string][];
  premium?: boolean;
}
export interface DemoLesson {
  title: string;
  level: Level;
  startingPoint: string;
  chapters: [DemoChapter, DemoChapter, DemoChapter];
}
export interface DemoCourse {
  languageCode: LearningLanguage;
  title: string;
  lessons: [DemoLesson, DemoLesson, DemoLesson];
}

const german: DemoCourse = {
  languageCode: 'de',
  title: 'Deutsch mit Verba',
  lessons: [
    {
      title: 'Erste Schritte',
      level: 'A1',
      startingPoint: 'Ich fange ganz neu an',
      chapters: [
        {
          title: 'Hallo, ich bin Lena',
          text: 'Hallo! Ich heiße Lena. Ich komme aus Bremen und wohne jetzt in Köln. Ich bin zweiundzwanzig Jahre alt.\n\nIch studiere Musik. Am Abend spiele ich Gitarre. Und du? Wie heißt du?',
          vocabulary: [['heiße', 'am called'], ['komme', 'come'], ['wohne', 'live'], ['jetzt', 'now'], ['studiere', 'study'], ['Abend', 'evening'], ['spiele', 'play']],
        },
        {
          title: 'Meine Familie',
          text: 'Das ist meine Familie. Mein Vater heißt Jonas, er ist Koch. Meine Mutter heißt Ayla, sie ist Ärztin.\n\nIch habe einen Bruder. Er ist klein und sehr laut. Wir haben auch eine Katze. Sie schläft den ganzen Tag.',
          vocabulary: [['Vater', 'father'], ['Mutter', 'mother'], ['Bruder', 'brother'], ['klein', 'small'], ['laut', 'loud'], ['Katze', 'cat'], ['schläft', 'sleeps']],
        },
        {
          title: 'Im Café',
          text: 'Lena geht ins Café. Sie hat Hunger und Durst. „Einen Tee, bitte", sagt sie. „Und ein Stück Apfelkuchen."\n\nDer Kellner lächelt. „Gern. Das macht sechs Euro." Lena bezahlt und sagt: „Danke schön!"',
          vocabulary: [['Hunger', 'hunger'], ['Durst', 'thirst'], ['bitte', 'please'], ['Stück', 'piece'], ['Kellner', 'waiter'], ['bezahlt', 'pays'], ['Danke', 'thanks']],
        },
      ],
    },
    {
      title: 'Der Alltag',
      level: 'A2',
      startingPoint: 'Ich kenne schon die Grundlagen',
      chapters: [
        {
          title: 'Ein normaler Morgen',
          text: 'Mein Wecker klingelt um halb sieben. Zuerst dusche ich, dann mache ich Kaffee. Zum Frühstück esse ich meistens ein Brötchen mit Käse.\n\nUm halb acht fahre ich mit dem Fahrrad zur Arbeit. Wenn es regnet, nehme ich den Bus. Im Bus lese ich oft die Nachrichten auf dem Handy.',
          vocabulary: [['Wecker', 'alarm clock'], ['zuerst', 'first'], ['Frühstück', 'breakfast'], ['meistens', 'usually'], ['Fahrrad', 'bicycle'], ['regnet', 'rains'], ['Nachrichten', 'news']],
        },
        {
          title: 'Auf dem Markt',
          text: 'Am Samstag gehe ich auf den Markt. Dort ist das Gemüse frisch und nicht so teuer wie im Supermarkt. Ich kaufe Tomaten, Kartoffeln und ein Kilo Äpfel.\n\nDie Verkäuferin kennt mich schon. Sie gibt mir manchmal eine Birne extra. Ich bringe immer meine eigene Tasche mit.',
          vocabulary: [['Gemüse', 'vegetables'], ['frisch', 'fresh'], ['teuer', 'expensive'], ['kaufe', 'buy'], ['Verkäuferin', 'saleswoman'], ['manchmal', 'sometimes'], ['eigene', 'own'], ['Tasche', 'bag']],
        },
        {
          title: 'Mit dem Zug nach Hamburg',
          text: 'Letztes Wochenende bin ich mit dem Zug nach Hamburg gefahren. Die Fahrt hat drei Stunden gedauert, aber der Zug war pünktlich.\n\nIn Hamburg habe ich meine Freundin Mira besucht. Wir sind am Hafen spazieren gegangen und haben Fischbrötchen gegessen. Am Sonntag bin ich müde, aber glücklich zurückgefahren.',
          vocabulary: [['Wochenende', 'weekend'], ['Fahrt', 'journey'], ['gedauert', 'lasted'], ['pünktlich', 'on time'], ['besucht', 'visited'], ['Hafen', 'harbour'], ['müde', 'tired'], ['glücklich', 'happy']],
        },
      ],
    },
    {
      title: 'Unterwegs in der Welt',
      level: 'B1',
      startingPoint: 'Ich kann mich schon gut unterhalten',
      chapters: [
        {
          title: 'Der erste Arbeitstag',
          text: 'Als Tarek an seinem ersten Arbeitstag das Büro betrat, war er ziemlich nervös. Seine neue Chefin begrüßte ihn freundlich und zeigte ihm seinen Schreibtisch.\n\nAm Nachmittag sollte er schon eine kurze Präsentation halten. Obwohl seine Hände zitterten, lief alles gut. Danach lud ihn das Team zum Mittagessen ein, und er fühlte sich sofort willkommen.',
          vocabulary: [['betrat', 'entered'], ['ziemlich', 'rather'], ['begrüßte', 'greeted'], ['Schreibtisch', 'desk'], ['obwohl', 'although'], ['zitterten', 'were shaking'], ['willkommen', 'welcome']],
        },
        {
          title: 'Urlaub im Regen',
          text: 'Wir hatten uns so auf eine Woche Sonne an der Ostsee gefreut. Doch schon am ersten Morgen hing eine graue Wolke über dem Strand, und es regnete ohne Pause.\n\nStatt zu baden, entdeckten wir kleine Museen, eine alte Bibliothek und ein Café mit dem besten Kuchen der Gegend. Am Ende waren wir uns einig: Es war einer der schönsten Urlaube, gerade weil nichts nach Plan lief.',
          vocabulary: [['gefreut', 'looked forward'], ['Wolke', 'cloud'], ['Strand', 'beach'], ['statt', 'instead of'], ['entdeckten', 'discovered'], ['Gegend', 'area'], ['einig', 'in agreement']],
        },
        {
          title: 'Der Garten der Nachbarin',
          premium: true,
          text: 'Frau Albers wohnt seit vierzig Jahren im Erdgeschoss unseres Hauses. Hinter dem Haus pflegt sie einen Garten, der im Sommer wie ein kleiner Dschungel aussieht.\n\nLetztes Jahr hat sie mir gezeigt, wie man Tomaten aus Samen zieht. Seitdem gieße ich ihre Pflanzen, wenn sie verreist. Als Dank bekomme ich Marmelade, und manchmal eine Geschichte aus der Zeit, als die Straße noch ein Feldweg war.',
          vocabulary: [['Erdgeschoss', 'ground floor'], ['pflegt', 'tends'], ['Samen', 'seeds'], ['seitdem', 'since then'], ['gieße', 'water'], ['verreist', 'goes away'], ['Feldweg', 'dirt track']],
        },
      ],
    },
  ],
};

const french: DemoCourse = {
  languageCode: 'fr',
  title: 'Le français avec Verba',
  lessons: [
    {
      title: 'Premiers pas',
      level: 'A1',
      startingPoint: 'Je commence à zéro',
      chapters: [
        {
          title: "Bonjour, je m'appelle Hugo",
          text: "Bonjour ! Je m'appelle Hugo. J'habite à Nantes, près de la gare. J'ai vingt-cinq ans.\n\nJe travaille dans une librairie. J'aime les livres et le chocolat chaud. Et toi, tu aimes lire ?",
          vocabulary: [["m'appelle", 'am called'], ["J'habite", 'I live'], ['près de', 'near'], ['gare', 'station'], ['travaille', 'work'], ['librairie', 'bookshop'], ['aime', 'like']],
        },
        {
          title: 'Ma famille',
          text: "Voici ma famille. Ma mère s'appelle Claire, elle est professeure. Mon père s'appelle Malik, il est boulanger.\n\nJ'ai une petite sœur, Inès. Elle adore danser. Nous avons aussi un chien très gentil qui s'appelle Biscuit.",
          vocabulary: [['mère', 'mother'], ['père', 'father'], ['boulanger', 'baker'], ['sœur', 'sister'], ['danser', 'to dance'], ['chien', 'dog'], ['gentil', 'kind']],
        },
        {
          title: 'Au café',
          text: "Hugo entre dans un petit café. Il fait froid dehors. « Un café au lait, s'il vous plaît, et un croissant. »\n\nLa serveuse répond : « Tout de suite ! Ça fait quatre euros. » Hugo paie et dit : « Merci beaucoup, bonne journée ! »",
          vocabulary: [['entre', 'goes in'], ['froid', 'cold'], ['dehors', 'outside'], ["s'il vous plaît", 'please'], ['serveuse', 'waitress'], ['paie', 'pays'], ['Merci', 'thank you']],
        },
      ],
    },
    {
      title: 'La vie de tous les jours',
      level: 'A2',
      startingPoint: 'Je connais déjà les bases',
      chapters: [
        {
          title: 'Un matin ordinaire',
          text: "Mon réveil sonne à sept heures. D'abord, je prends une douche, puis je prépare du thé. Au petit-déjeuner, je mange souvent une tartine avec de la confiture.\n\nÀ huit heures, je prends le tram pour aller au travail. Pendant le trajet, j'écoute de la musique ou je regarde les gens par la fenêtre.",
          vocabulary: [['réveil', 'alarm clock'], ["D'abord", 'first'], ['douche', 'shower'], ['souvent', 'often'], ['confiture', 'jam'], ['trajet', 'journey'], ['fenêtre', 'window']],
        },
        {
          title: 'Au marché',
          text: "Le dimanche matin, je vais au marché. Les fruits y sont frais et moins chers qu'au supermarché. J'achète des poireaux, des fraises et un gros fromage.\n\nLe marchand me connaît bien. Parfois, il me donne une pomme en plus. J'apporte toujours mon propre panier.",
          vocabulary: [['frais', 'fresh'], ['moins chers', 'cheaper'], ["J'achète", 'I buy'], ['fraises', 'strawberries'], ['marchand', 'stallholder'], ['Parfois', 'sometimes'], ['propre', 'own'], ['panier', 'basket']],
        },
        {
          title: 'Un week-end à Lyon',
          text: "Le week-end dernier, je suis allé à Lyon en train. Le voyage a duré deux heures et le train est arrivé à l'heure.\n\nÀ Lyon, j'ai rendu visite à mon ami Théo. Nous nous sommes promenés au bord de la Saône et nous avons mangé dans un bouchon. Dimanche soir, je suis rentré fatigué mais content.",
          vocabulary: [['dernier', 'last'], ['voyage', 'trip'], ['a duré', 'lasted'], ["à l'heure", 'on time'], ['rendu visite', 'visited'], ['au bord de', 'along'], ['fatigué', 'tired'], ['content', 'happy']],
        },
      ],
    },
    {
      title: 'Découvrir le monde',
      level: 'B1',
      startingPoint: 'Je me débrouille déjà bien',
      chapters: [
        {
          title: 'Le premier jour de travail',
          text: "Quand Sofia est arrivée au bureau pour son premier jour, elle était assez nerveuse. Sa nouvelle responsable l'a accueillie chaleureusement et lui a montré son bureau près de la fenêtre.\n\nL'après-midi, elle devait déjà présenter un petit projet. Bien que sa voix tremble un peu, tout s'est bien passé. Ensuite, ses collègues l'ont invitée à prendre un café, et elle s'est tout de suite sentie à sa place.",
          vocabulary: [['assez', 'quite'], ['accueillie', 'welcomed'], ['chaleureusement', 'warmly'], ['devait', 'had to'], ['Bien que', 'although'], ['tremble', 'shakes'], ['à sa place', 'at home']],
        },
        {
          title: 'Des vacances sous la pluie',
          text: "Nous attendions avec impatience une semaine de soleil en Bretagne. Pourtant, dès le premier matin, un ciel gris couvrait la plage et la pluie ne s'arrêtait pas.\n\nAu lieu de nager, nous avons découvert de petits musées, une vieille chapelle et une crêperie délicieuse. Finalement, nous étions tous d'accord : ces vacances étaient parmi les meilleures, justement parce que rien ne s'était passé comme prévu.",
          vocabulary: [['avec impatience', 'eagerly'], ['Pourtant', 'yet'], ['ciel', 'sky'], ['plage', 'beach'], ['Au lieu de', 'instead of'], ['découvert', 'discovered'], ['prévu', 'planned']],
        },
        {
          title: 'Le jardin de la voisine',
          premium: true,
          text: "Madame Roux habite au rez-de-chaussée de notre immeuble depuis quarante ans. Derrière le bâtiment, elle entretient un jardin qui, en été, ressemble à une petite jungle.\n\nL'année dernière, elle m'a appris à faire pousser des tomates à partir de graines. Depuis, j'arrose ses plantes quand elle part en voyage. Pour me remercier, elle m'offre de la confiture, et parfois une histoire du temps où la rue n'était qu'un chemin de terre.",
          vocabulary: [['rez-de-chaussée', 'ground floor'], ['entretient', 'looks after'], ['ressemble', 'looks like'], ['graines', 'seeds'], ["j'arrose", 'I water'], ['remercier', 'to thank'], ['chemin de terre', 'dirt track']],
        },
      ],
    },
  ],
};

const spanish: DemoCourse = {
  languageCode: 'es',
  title: 'Español con Verba',
  lessons: [
    {
      title: 'Primeros pasos',
      level: 'A1',
      startingPoint: 'Empiezo desde cero',
      chapters: [
        {
          title: 'Hola, me llamo Lucía',
          text: 'Hola, me llamo Lucía. Soy de Sevilla, pero ahora vivo en Madrid. Tengo veintitrés años.\n\nEstudio arquitectura. Por la tarde, corro en el parque. ¿Y tú? ¿Cómo te llamas?',
          vocabulary: [['me llamo', 'my name is'], ['Soy de', 'I am from'], ['ahora', 'now'], ['vivo', 'I live'], ['Tengo', 'I have'], ['tarde', 'afternoon'], ['corro', 'I run']],
        },
        {
          title: 'Mi familia',
          text: 'Esta es mi familia. Mi madre se llama Carmen y es enfermera. Mi padre se llama Andrés y es taxista.\n\nTengo un hermano mayor, Pablo. Él toca la batería. También tenemos un pájaro amarillo que canta por la mañana.',
          vocabulary: [['madre', 'mother'], ['enfermera', 'nurse'], ['padre', 'father'], ['hermano mayor', 'older brother'], ['toca', 'plays'], ['pájaro', 'bird'], ['canta', 'sings']],
        },
        {
          title: 'En la cafetería',
          text: 'Lucía entra en una cafetería. Tiene sueño. —Un café con leche, por favor, y una tostada con tomate.\n\nEl camarero sonríe. —Ahora mismo. Son tres euros con cincuenta. Lucía paga y dice: —¡Muchas gracias!',
          vocabulary: [['Tiene sueño', 'is sleepy'], ['leche', 'milk'], ['por favor', 'please'], ['tostada', 'toast'], ['camarero', 'waiter'], ['paga', 'pays'], ['gracias', 'thanks']],
        },
      ],
    },
    {
      title: 'La vida diaria',
      level: 'A2',
      startingPoint: 'Ya conozco lo básico',
      chapters: [
        {
          title: 'Una mañana normal',
          text: 'Mi despertador suena a las siete y cuarto. Primero me ducho y luego preparo café. Para desayunar, normalmente como pan con aceite.\n\nA las ocho salgo de casa y voy andando al trabajo. Si llueve, tomo el metro. En el camino, suelo llamar a mi abuela.',
          vocabulary: [['despertador', 'alarm clock'], ['Primero', 'first'], ['desayunar', 'to have breakfast'], ['normalmente', 'usually'], ['aceite', 'oil'], ['llueve', 'it rains'], ['suelo', 'I usually'], ['abuela', 'grandmother']],
        },
        {
          title: 'En el mercado',
          text: 'Los sábados voy al mercado del barrio. Allí la fruta es fresca y más barata que en el supermercado. Compro naranjas, pimientos y un poco de queso.\n\nLa vendedora ya me conoce. A veces me regala un limón. Siempre llevo mi propia bolsa.',
          vocabulary: [['barrio', 'neighbourhood'], ['fresca', 'fresh'], ['barata', 'cheap'], ['Compro', 'I buy'], ['vendedora', 'stallholder'], ['A veces', 'sometimes'], ['regala', 'gives (as a gift)'], ['bolsa', 'bag']],
        },
        {
          title: 'Un fin de semana en Valencia',
          text: 'El fin de semana pasado fui a Valencia en tren. El viaje duró dos horas y el tren llegó puntual.\n\nEn Valencia visité a mi amiga Nuria. Paseamos por la playa y comimos una paella enorme. El domingo volví a casa cansada, pero muy contenta.',
          vocabulary: [['pasado', 'last'], ['viaje', 'trip'], ['duró', 'lasted'], ['puntual', 'on time'], ['visité', 'I visited'], ['Paseamos', 'we walked'], ['cansada', 'tired'], ['contenta', 'happy']],
        },
      ],
    },
    {
      title: 'Por el mundo',
      level: 'B1',
      startingPoint: 'Ya me defiendo bien',
      chapters: [
        {
          title: 'El primer día de trabajo',
          text: 'Cuando Diego llegó a la oficina en su primer día, estaba bastante nervioso. Su nueva jefa lo recibió con una sonrisa y le enseñó su mesa junto a la ventana.\n\nPor la tarde ya tenía que presentar un pequeño informe. Aunque le temblaba la voz, todo salió bien. Después, sus compañeros lo invitaron a comer y enseguida se sintió como en casa.',
          vocabulary: [['bastante', 'quite'], ['jefa', 'boss'], ['sonrisa', 'smile'], ['informe', 'report'], ['Aunque', 'although'], ['temblaba', 'was shaking'], ['enseguida', 'right away']],
        },
        {
          title: 'Vacaciones bajo la lluvia',
          text: 'Llevábamos meses esperando una semana de sol en Galicia. Sin embargo, desde la primera mañana una nube gris cubría la playa y no paraba de llover.\n\nEn lugar de bañarnos, descubrimos pequeños museos, una iglesia antigua y una pulpería buenísima. Al final, todos estuvimos de acuerdo: fueron unas de las mejores vacaciones, precisamente porque nada salió según lo previsto.',
          vocabulary: [['esperando', 'waiting for'], ['Sin embargo', 'however'], ['nube', 'cloud'], ['En lugar de', 'instead of'], ['descubrimos', 'we discovered'], ['de acuerdo', 'in agreement'], ['previsto', 'planned']],
        },
        {
          title: 'El jardín de la vecina',
          premium: true,
          text: 'Doña Rosario vive en la planta baja de nuestro edificio desde hace cuarenta años. Detrás del edificio cuida un jardín que en verano parece una pequeña selva.\n\nEl año pasado me enseñó a cultivar tomates a partir de semillas. Desde entonces, riego sus plantas cuando se va de viaje. Para darme las gracias, me regala mermelada y, a veces, una historia de cuando la calle era solo un camino de tierra.',
          vocabulary: [['planta baja', 'ground floor'], ['cuida', 'looks after'], ['selva', 'jungle'], ['semillas', 'seeds'], ['Desde entonces', 'since then'], ['riego', 'I water'], ['camino de tierra', 'dirt track']],
        },
      ],
    },
  ],
};

const russian: DemoCourse = {
  languageCode: 'ru',
  title: 'Русский с Verba',
  lessons: [
    {
      title: 'Первые шаги',
      level: 'A1',
      startingPoint: 'Я начинаю с нуля',
      chapters: [
        {
          title: 'Привет, меня зовут Артём',
          text: 'Привет! Меня зовут Артём. Я из Казани, но сейчас живу в Москве. Мне двадцать лет.\n\nЯ учусь в университете. Вечером я играю в шахматы. А ты? Как тебя зовут?',
          vocabulary: [['зовут', 'is called'], ['сейчас', 'now'], ['живу', 'I live'], ['учусь', 'I study'], ['Вечером', 'in the evening'], ['играю', 'I play'], ['шахматы', 'chess']],
        },
        {
          title: 'Моя семья',
          text: 'Это моя семья. Мою маму зовут Ольга, она учительница. Моего папу зовут Игорь, он водитель.\n\nУ меня есть младшая сестра Даша. Она любит рисовать. Ещё у нас есть старый кот. Он всё время спит на диване.',
          vocabulary: [['семья', 'family'], ['учительница', 'teacher'], ['водитель', 'driver'], ['младшая сестра', 'younger sister'], ['рисовать', 'to draw'], ['кот', 'cat'], ['спит', 'sleeps']],
        },
        {
          title: 'В кафе',
          text: 'Артём заходит в кафе. Он голоден. «Чай с лимоном, пожалуйста, и блины со сметаной».\n\nОфициантка улыбается: «Конечно. С вас триста рублей». Артём платит и говорит: «Большое спасибо!»',
          vocabulary: [['заходит', 'goes in'], ['голоден', 'hungry'], ['пожалуйста', 'please'], ['блины', 'pancakes'], ['Официантка', 'waitress'], ['платит', 'pays'], ['спасибо', 'thank you']],
        },
      ],
    },
    {
      title: 'Каждый день',
      level: 'A2',
      startingPoint: 'Я уже знаю основы',
      chapters: [
        {
          title: 'Обычное утро',
          text: 'Мой будильник звонит в семь часов. Сначала я принимаю душ, потом варю кофе. На завтрак я обычно ем кашу с ягодами.\n\nВ восемь я еду на работу на метро. Если хорошая погода, я иду пешком. По дороге я часто слушаю подкасты.',
          vocabulary: [['будильник', 'alarm clock'], ['Сначала', 'first'], ['завтрак', 'breakfast'], ['обычно', 'usually'], ['погода', 'weather'], ['пешком', 'on foot'], ['часто', 'often']],
        },
        {
          title: 'На рынке',
          text: 'По субботам я хожу на рынок. Там овощи свежие и дешевле, чем в магазине. Я покупаю огурцы, картошку и немного мёда.\n\nПродавщица меня уже знает. Иногда она даёт мне яблоко в подарок. Я всегда беру с собой свою сумку.',
          vocabulary: [['рынок', 'market'], ['свежие', 'fresh'], ['дешевле', 'cheaper'], ['покупаю', 'I buy'], ['Продавщица', 'saleswoman'], ['Иногда', 'sometimes'], ['в подарок', 'as a gift'], ['сумку', 'bag']],
        },
        {
          title: 'Выходные в Петербурге',
          text: 'В прошлые выходные я ездил в Петербург на поезде. Дорога заняла четыре часа, и поезд пришёл вовремя.\n\nВ Петербурге я был в гостях у друга Миши. Мы гуляли по набережной и ели пышки. В воскресенье я вернулся домой усталый, но счастливый.',
          vocabulary: [['прошлые', 'last'], ['поезде', 'train'], ['заняла', 'took'], ['вовремя', 'on time'], ['в гостях', 'visiting'], ['набережной', 'embankment'], ['усталый', 'tired'], ['счастливый', 'happy']],
        },
      ],
    },
    {
      title: 'Мир вокруг',
      level: 'B1',
      startingPoint: 'Я уже неплохо говорю',
      chapters: [
        {
          title: 'Первый рабочий день',
          text: 'Когда Марина пришла в офис в свой первый рабочий день, она очень волновалась. Новая начальница приветливо встретила её и показала ей стол у окна.\n\nУже после обеда ей нужно было представить небольшой проект. Хотя голос у неё немного дрожал, всё прошло хорошо. Потом коллеги пригласили её на чай, и она сразу почувствовала себя своей.',
          vocabulary: [['волновалась', 'was nervous'], ['начальница', 'boss'], ['приветливо', 'warmly'], ['представить', 'to present'], ['Хотя', 'although'], ['дрожал', 'was shaking'], ['своей', 'one of them']],
        },
        {
          title: 'Отпуск под дождём',
          text: 'Мы давно мечтали о неделе солнца на Балтийском море. Однако уже в первое утро над пляжем висела серая туча, и дождь шёл без остановки.\n\nВместо того чтобы купаться, мы открыли для себя маленькие музеи, старую библиотеку и кафе с лучшими пирогами в округе. В конце концов все согласились: это был один из лучших отпусков, именно потому что ничего не пошло по плану.',
          vocabulary: [['мечтали', 'dreamed'], ['Однако', 'however'], ['туча', 'rain cloud'], ['Вместо того чтобы', 'instead of'], ['купаться', 'to swim'], ['в округе', 'in the area'], ['согласились', 'agreed']],
        },
        {
          title: 'Сад соседки',
          premium: true,
          text: 'Нина Петровна живёт на первом этаже нашего дома уже сорок лет. За домом она ухаживает за садом, который летом похож на маленькие джунгли.\n\nВ прошлом году она научила меня выращивать помидоры из семян. С тех пор я поливаю её растения, когда она уезжает. В благодарность она дарит мне варенье, а иногда рассказывает о времени, когда наша улица была простой грунтовой дорогой.',
          vocabulary: [['этаже', 'floor'], ['ухаживает', 'looks after'], ['похож', 'looks like'], ['семян', 'seeds'], ['С тех пор', 'since then'], ['поливаю', 'I water'], ['грунтовой дорогой', 'dirt road']],
        },
      ],
    },
  ],
};

export const DEMO_COURSES: readonly DemoCourse[] = [german, french, spanish, russian];
